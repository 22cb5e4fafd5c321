import { randomUUID } from "node:crypto";
import type { APIRequestContext, APIResponse, BrowserContext } from "@playwright/test";
import { test as hydratedTest } from "./hydrated-page";
import { visitorAddress } from "./visitor-address";

export { expect } from "./hydrated-page";

/** The password of every seeded demo account (apps/api/src/db/seed/seed-demo.ts). */
const DEMO_PASSWORD = "waterside-demo";

/**
 * Demo accounts. Each journey that signs in uses its own where it can, so that journeys running side by side never
 * change each other's data.
 */
export const DEMO_ACCOUNTS = {
  /** Posts, edits and deletes trucks (selling.spec.ts). */
  fatu: { email: "fatu@demo.waterside.lr" },
  /** Picks and crops photos under the content security policy. */
  joseph: { email: "joseph@demo.waterside.lr" },
  /** Reads other sellers' contact details (seller-profile.spec.ts) and, verified, reveals a seller's number (chat.spec.ts). */
  emmanuel: { email: "emmanuel@demo.waterside.lr" },
  /** Sellers a buyer writes to (chat.spec.ts): one per screen size, so the two runs never share a chat list. */
  prince: { email: "prince@demo.waterside.lr" },
  hawa: { email: "hawa@demo.waterside.lr" },
  /** Buyers who rate, review, like and report (engagement.spec.ts), one per screen size … */
  musu: { email: "musu@demo.waterside.lr" },
  comfort: { email: "comfort@demo.waterside.lr" },
  /** … and the sellers who answer them and read their ads' insights. */
  mohammed: { email: "mohammed@demo.waterside.lr" },
  farm: { email: "farm@demo.waterside.lr" },
  /** Sellers who boost an ad with Mobile Money (boost.spec.ts), one per screen size and subcategory. */
  motors: { email: "motors@demo.waterside.lr" },
  solar: { email: "solar@demo.waterside.lr" },
  /** Posts an ad, shares its link and deletes it (gone-ad.spec.ts): registering would pass the limit per address. */
  realty: { email: "realty@demo.waterside.lr" },
} as const;

export interface SignedInUser {
  id: number;
  name: string;
  email: string;
  /** The access token, for a journey that checks something through the API as this user. */
  token: string;
}

interface Account {
  email: string;
  password?: string;
}

/** A fresh individual to register, under a name of the journey's choosing. */
interface NewAccount {
  name: string;
}

/**
 * The journeys' login fixture (like Epic Stack's `login`): `await login(DEMO_ACCOUNTS.fatu)` signs in with
 * `POST /api/auth/login`, and `await login()` (or `login({ name })`) registers a fresh individual
 * (`POST /api/auth/register`, which signs in too). The session goes into local storage exactly as
 * apps/web/src/lib/session.ts keeps it, so the journey's pages open signed in. Journeys about the login screen itself
 * go through the UI instead.
 */
export const test = hydratedTest.extend<{ login: (account?: Account | NewAccount) => Promise<SignedInUser> }>({
  login: async ({ context, request }, use) => {
    await use((account) => signInto(context, request, account));
  },
});

/** Signs a browser context in, as the fixture does: for a journey with a second user in a context of its own. */
export async function signInto(
  context: BrowserContext,
  request: APIRequestContext,
  account?: Account | NewAccount,
): Promise<SignedInUser> {
  const deviceId = randomUUID();
  const headers = { "x-forwarded-for": visitorAddress() };
  const response =
    account && "email" in account
      ? await request.post("/api/auth/login", {
          headers,
          data: { email: account.email, password: account.password ?? DEMO_PASSWORD, device_id: deviceId },
        })
      : await request.post("/api/auth/register", {
          headers,
          data: {
            name: account?.name ?? "Journey Tester",
            email: `journey-${deviceId}@example.com`,
            password: "journey-pass-1",
            password_confirmation: "journey-pass-1",
            accept_terms: true,
            accept_policy: true,
            usertype_id: 1,
            platform: "web",
            device_id: deviceId,
          },
        });
  const { user, authorization } = await signedIn(response);
  const session = {
    user,
    authorization: { ...authorization, expires_at: Date.now() + authorization.expires_in * 1000 },
  };
  // Planted once per browser context, before any page script runs: a sign-out later in the journey sticks.
  await context.addInitScript(
    ({ session, deviceId, marker }) => {
      if (location.origin === "null") return; // about:blank has no storage
      if (localStorage.getItem("e2e.session_planted") === marker) return;
      localStorage.setItem("e2e.session_planted", marker);
      localStorage.setItem("waterside.session", JSON.stringify(session));
      localStorage.setItem("waterside.device_id", deviceId);
    },
    { session, deviceId, marker: randomUUID() },
  );
  return { ...user, token: authorization.token };
}

async function signedIn(response: APIResponse) {
  if (!response.ok()) throw new Error(`signing in failed: ${response.status()} ${await response.text()}`);
  return (await response.json()).data as {
    user: Omit<SignedInUser, "token">;
    authorization: { token: string; expires_in: number };
  };
}
