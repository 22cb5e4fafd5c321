import { randomUUID } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { request, test, type APIRequestContext, type Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { expect } from "./hydrated-page";
import { visitorAddress } from "./visitor-address";

/**
 * The demo admin (apps/api/src/db/seed/seed-demo.ts), enrolled at seeding with the demo authenticator secret
 * (DEMO_ADMIN_TOTP_SECRET there, which the development banner prints).
 */
export const ADMIN = {
  email: "admin@demo.waterside.lr",
  password: "waterside-demo",
  totpSecret: "JBSWY3DPEHPK3PXPWATERSIDEDEMOADM",
};

/** packages/shared/src/admin-two-factor.ts ADMIN_TWO_FACTOR_MESSAGES.codeAlreadyUsed. */
const CODE_ALREADY_USED = "This code was already used. Wait for the next code in your authenticator app.";
const STEP_MS = 30_000;

/** The code an authenticator app shows now for this secret (RFC 6238: 6 digits, 30 s). */
export const totpCode = (secret: string) => TOTP.generate({ secret: Secret.fromBase32(secret) });

/**
 * Waits for the next code. The server takes each code once (RFC 6238 §5.2), and admin journeys run side by side: when
 * another one signed the same admin in during this 30 s step, this one waits for the next, its time added to the
 * test's.
 */
async function waitForNextCode(page: Page) {
  const wait = STEP_MS - (Date.now() % STEP_MS) + 500;
  test.info().setTimeout(test.info().timeout + wait);
  await page.waitForTimeout(wait);
}

/**
 * Secrets of admins a journey enrolled in this server's run, kept where another worker finds them (one file per
 * admin, per port). A file left by an earlier run does no harm: a fresh database shows the setup again, which
 * overwrites it.
 */
const PORT = process.env.E2E_PORT ?? "3210";
const secretFile = (email: string) => path.join(tmpdir(), `waterside-e2e-${PORT}-totp-${email}`);
/** The authenticator secret and recovery codes a journey of this run set up for this admin, if one did. */
export function knownEnrolment(email: string): { secret: string; recoveryCodes: string[] } | undefined {
  try {
    return JSON.parse(readFileSync(secretFile(email), "utf8"));
  } catch {
    return undefined;
  }
}

/**
 * The second step of an admin login, after the password: enters the authenticator's code (waiting for the next one
 * when this one was used), or, at the first sign-in, sets the authenticator up from the key shown beside the QR code,
 * confirms it with a code and keeps the recovery codes. Returns the recovery codes when it enrolled.
 */
export async function passesSecondFactor(page: Page, email: string, secret = knownEnrolment(email)?.secret) {
  const codeField = page.getByLabel("Authentication code");
  const setup = page.getByRole("heading", { name: "Set up your authenticator" });
  await expect(codeField.or(setup)).toBeVisible();
  if (await setup.isVisible()) return enrols(page, email);
  if (!secret) throw new Error(`No journey of this run enrolled ${email}: its authenticator secret is unknown`);
  for (;;) {
    await codeField.fill(totpCode(secret));
    await page.getByRole("button", { name: "Verify" }).click();
    const used = page.getByText(CODE_ALREADY_USED);
    await expect(page.getByRole("heading", { name: "Dashboard" }).or(used)).toBeVisible({ timeout: 15_000 });
    if (!(await used.isVisible())) break;
    await waitForNextCode(page);
  }
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  return undefined;
}

async function enrols(page: Page, email: string) {
  await expect(page.getByRole("img", { name: /QR code/ })).toBeVisible();
  const secret = (await page.locator("code").first().innerText()).replace(/\s/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByLabel("Code from the app").fill(totpCode(secret));
  await page.getByRole("button", { name: "Confirm and continue" }).click();
  const codes = page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  const recoveryCodes = await codes.allInnerTexts();
  writeFileSync(secretFile(email), JSON.stringify({ secret, recoveryCodes }));
  await page.getByRole("button", { name: "I have saved them" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  return recoveryCodes;
}

/**
 * Signs an admin in at /admin through the form, as an admin does. The second step is gone through only when the
 * password is taken: a refused password (a suspended admin) leaves the page as it is for the caller to read.
 */
export async function adminSignsIn(page: Page, account: { email: string; password: string }) {
  await page.goto("/admin");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Login" }).click();
  const secondStep = page.getByLabel("Authentication code").or(page.getByLabel("Code from the app"));
  await expect(secondStep.or(page.getByText(/suspended|not valid|Too many attempts/).first())).toBeVisible();
  if (await secondStep.isVisible()) return passesSecondFactor(page, account.email);
  return undefined;
}

/**
 * The demo admin's session, kept where every worker finds it (one file per port): signed in once through the API,
 * then opened by each journey that only needs an admin at work. Each sign-in spends a code, which the server takes
 * once (RFC 6238 §5.2), so journeys signing in at once waited up to 30 s for the next one, and they used up the demo
 * admin's sign-ins per address (decision 032). The sign-in form is gone through by admin.spec.ts on a phone (the demo
 * admin), and by admin-two-factor and admin-suspension on both sizes (the second admin).
 */
const sessionFile = path.join(tmpdir(), `waterside-e2e-${PORT}-admin-session.json`);
interface StoredSession {
  session: { admin: unknown; authorization: { token: string; expires_in: number } };
  deviceId: string;
  expiresAt: number;
}
/** A journey lasts up to a few minutes: a session with less left than this is not handed out. */
const SESSION_MARGIN_MS = 5 * 60_000;

async function storedSession(api: APIRequestContext): Promise<StoredSession | undefined> {
  let stored: StoredSession;
  try {
    stored = JSON.parse(readFileSync(sessionFile, "utf8"));
  } catch {
    return undefined;
  }
  if (stored.expiresAt - Date.now() < SESSION_MARGIN_MS) return undefined;
  // A file left by an earlier run names a session of another database: this server does not know its token.
  const me = await api.get("/api/admin/auth/me", {
    headers: { authorization: `Bearer ${stored.session.authorization.token}` },
  });
  return me.ok() ? stored : undefined;
}

export async function demoAdminSession(): Promise<StoredSession> {
  const api = await request.newContext({
    baseURL: test.info().project.use.baseURL,
    extraHTTPHeaders: { "x-forwarded-for": visitorAddress() },
  });
  try {
    const ready = await storedSession(api);
    if (ready) return ready;
    // One worker signs in while the other waits for its file, rather than both spending a code at once.
    await holdAdminAccount(ADMIN.email);
    try {
      const again = await storedSession(api);
      if (again) return again;
      const deviceId = randomUUID();
      const session = (await adminApiSignIn(api, deviceId)) as StoredSession["session"];
      const stored = { session, deviceId, expiresAt: Date.now() + session.authorization.expires_in * 1000 };
      writeFileSync(sessionFile, JSON.stringify(stored));
      return stored;
    } finally {
      releaseAdminAccount(ADMIN.email);
    }
  } finally {
    await api.dispose();
  }
}

/**
 * The demo admin at work: their session (signed in through the API once per run, see above) is kept in the browser as
 * features/admin/admin-session.ts keeps it, and the admin area opens on the dashboard.
 */
export async function adminLogsIn(page: Page) {
  const { session, deviceId, expiresAt } = await demoAdminSession();
  // The admin login page gives the origin whose storage the admin area reads.
  await page.goto("/admin");
  await page.evaluate(
    ({ admin, authorization, deviceId, expiresAt }) => {
      localStorage.setItem(
        "waterside.admin-session",
        JSON.stringify({ user: admin, authorization: { ...authorization, expires_at: expiresAt } }),
      );
      localStorage.setItem("waterside.device_id", deviceId);
    },
    { ...session, deviceId, expiresAt },
  );
  await page.goto("/admin/dashboard");
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
}

/** The demo admin's session through the API (password, then the code): the body of `POST /api/admin/auth/login`. */
export async function adminApiSignIn(api: APIRequestContext, deviceId: string) {
  const login = await api.post("/api/admin/auth/login", {
    data: { email: ADMIN.email, password: ADMIN.password, device_id: deviceId },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const { challenge_token } = (await login.json()).data as { challenge_token: string };
  for (;;) {
    const response = await api.post("/api/admin/auth/two-factor", {
      data: { challenge_token, code: totpCode(ADMIN.totpSecret), device_id: deviceId },
    });
    if (response.ok()) return (await response.json()).data as { admin: unknown; authorization: { expires_in: number } };
    const body = await response.text();
    expect(body, body).toContain(CODE_ALREADY_USED);
    const wait = STEP_MS - (Date.now() % STEP_MS) + 500;
    test.info().setTimeout(test.info().timeout + wait);
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

/**
 * Holds an admin account for one journey at a time, across workers: journeys that sign the second demo admin in,
 * suspend or enrol them must not do it at once. Call in a beforeEach, and `releaseAdminAccount` in the afterEach.
 */
const lockDir = (email: string) => path.join(tmpdir(), `waterside-e2e-${PORT}-hold-${email}`);
export async function holdAdminAccount(email: string) {
  test.info().setTimeout(test.info().timeout + 120_000);
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      mkdirSync(lockDir(email));
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    // Left by a run that was stopped: no journey holds an account for two minutes.
    try {
      if (Date.now() - statSync(lockDir(email)).mtimeMs > 120_000) rmSync(lockDir(email), { recursive: true });
    } catch {
      // Released meanwhile.
    }
    if (Date.now() > deadline) throw new Error(`${email} stayed held by another journey`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
export const releaseAdminAccount = (email: string) => rmSync(lockDir(email), { recursive: true, force: true });

export const isPhone = (width: number | undefined) => (width ?? 0) < 768;
