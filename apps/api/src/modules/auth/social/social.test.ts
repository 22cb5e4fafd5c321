import { createServer, type AddressInfo } from "node:net";
import { USER_STATUS } from "@waterside/shared/reference-ids";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../../db/schema/users.ts";
import { createUser } from "../../../test/factories.ts";
import { startFakeProviders, type FakePerson, type FakeProviders } from "../../../test/fake-providers.ts";
import { createTestApp } from "../../../test/test-app.ts";

let fakes: FakeProviders;
let ctx: Awaited<ReturnType<typeof createTestApp>>;
/** An app with no provider configured. */
let bare: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  fakes = await startFakeProviders();
  [ctx, bare] = await Promise.all([createTestApp(fakes.env), createTestApp()]);
});
afterAll(async () => {
  await Promise.all([ctx.close(), bare.close()]);
  await fakes.close();
});

let sequence = 0;
const person = (overrides: Partial<FakePerson> = {}): FakePerson => {
  sequence += 1;
  return {
    sub: `subject-${sequence}-${Date.now()}`,
    email: `social${sequence}-${Date.now()}@example.com`,
    name: `Social Person ${sequence}`,
    ...overrides,
  };
};
const login = (payload: object) =>
  ctx.app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { device_id: "phone-1", ...payload },
    remoteAddress: `10.2.0.${++sequence % 250}`,
  });

const userByEmail = (email: string) =>
  ctx.db
    .select()
    .from(users)
    .where(eq(users.email, email))
    .then((rows) => rows[0]);

function expectLoginFailed(response: Awaited<ReturnType<typeof login>>) {
  expect(response.statusCode).toBe(401);
  expect(response.json()).toEqual({ message: "Login failed" });
}

describe("GET /auth/providers", () => {
  it("reports the configured providers with the public ids their buttons need", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/api/auth/providers" });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      google: { enabled: true, client_id: fakes.google.clientId },
      facebook: { enabled: true, app_id: fakes.facebook.appId },
      apple: { enabled: true, client_id: fakes.apple.clientId },
    });
    expect(JSON.stringify(response.json())).not.toContain(fakes.env.FACEBOOK_APP_SECRET);
  });
});

describe("Google", () => {
  it("never fetches a picture the provider's answer places inside the network (decision 058)", async () => {
    const internal = createServer((socket) => socket.destroy());
    let connections = 0;
    internal.on("connection", () => connections++);
    await new Promise<void>((resolve) => internal.listen(0, "127.0.0.1", resolve));
    const { port } = internal.address() as AddressInfo;
    try {
      for (const picture of [
        `http://127.0.0.1:${port}/me.png`,
        `https://localhost:${port}/me.png`,
        "https://169.254.169.254/latest/meta-data/",
        "https://lh3.googleusercontent.com.attacker.example/me.png",
      ]) {
        const someone = person({ picture });
        const response = await login({ provider: "google", token: await fakes.google.idToken(someone) });
        expect(response.statusCode).toBe(200);
        expect(response.json().data.user.profile_image_url).toBeNull();
      }
      expect(connections).toBe(0);
    } finally {
      await new Promise((resolve) => internal.close(resolve));
    }
  });

  it("registers a new individual from a valid ID token, then signs the same user in again", async () => {
    const someone = person({ picture: true });
    const first = await login({ provider: "google", token: await fakes.google.idToken(someone) });
    expect(first.statusCode).toBe(200);
    const data = first.json().data;
    expect(data.is_new_user).toBe(true);
    expect(data.user).toMatchObject({ email: someone.email, name: someone.name, usertype_id: 1 });
    expect(data.user.profile_image_url).toMatch(/^\/media\/profiles\//);
    expect(data.authorization.type).toBe("Bearer");
    const me = await ctx.app.inject({
      method: "GET",
      url: "/api/user",
      headers: { authorization: `Bearer ${data.authorization.token}` },
    });
    expect(me.json().data.id).toBe(data.user.id);

    const second = await login({ provider: "google", token: await fakes.google.idToken(someone) });
    expect(second.statusCode).toBe(200);
    expect(second.json().data.is_new_user).toBe(false);
    expect(second.json().data.user.id).toBe(data.user.id);

    const row = await userByEmail(someone.email!);
    expect(row!.google_id).toBe(someone.sub);
    // The account has a password nobody knows: email sign-in cannot guess its way in.
    expect(row!.password_hash).toMatch(/^\$argon2id\$/);
  });

  it("starts afresh after the user deleted their account", async () => {
    const someone = person();
    const first = (await login({ provider: "google", token: await fakes.google.idToken(someone) })).json().data;
    const deleted = await ctx.app.inject({
      method: "DELETE",
      url: "/api/user?device_id=phone-1&platform=web",
      headers: { authorization: `Bearer ${first.authorization.token}` },
    });
    expect(deleted.statusCode).toBe(200);
    const again = await login({ provider: "google", token: await fakes.google.idToken(someone) });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.is_new_user).toBe(true);
    expect(again.json().data.user.id).not.toBe(first.user.id);
  });

  it("signs in with an access token Google issued to our client", async () => {
    const someone = person();
    const response = await login({ provider: "google", token: fakes.google.accessToken(someone) });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.user.email).toBe(someone.email);
    expect((await userByEmail(someone.email!))!.google_id).toBe(someone.sub);
  });

  it("refuses forged, foreign and made-up tokens", async () => {
    const someone = person();
    expectLoginFailed(
      await login({ provider: "google", token: await fakes.google.idToken(someone, { signWith: fakes.strangerKey }) }),
    );
    expectLoginFailed(
      await login({ provider: "google", token: await fakes.google.idToken(someone, { audience: "another-app" }) }),
    );
    expectLoginFailed(
      await login({
        provider: "google",
        token: await fakes.google.idToken(someone, { issuer: "https://evil.example" }),
      }),
    );
    expectLoginFailed(
      await login({ provider: "google", token: fakes.google.accessToken(someone, { audience: "another-app" }) }),
    );
    expectLoginFailed(await login({ provider: "google", token: "ya29.made-up" }));
    // The client naming an id (spec §7's old google_id payload) is never taken at its word.
    const forged = await login({ google_id: someone.sub, email: someone.email });
    expect(forged.statusCode).toBe(422);
    expect(await userByEmail(someone.email!)).toBeUndefined();
  });

  it("links an existing account by verified email, and never by an unverified one", async () => {
    const existing = await createUser(ctx.db);
    const unverified = await login({
      provider: "google",
      token: await fakes.google.idToken(person({ email: existing.email, email_verified: false })),
    });
    expect(unverified.statusCode).toBe(422);
    expect((await userByEmail(existing.email))!.google_id).toBeNull();

    const owner = person({ email: existing.email.toUpperCase() });
    const linked = await login({ provider: "google", token: await fakes.google.idToken(owner) });
    expect(linked.statusCode).toBe(200);
    expect(linked.json().data).toMatchObject({ is_new_user: false, user: { id: existing.id } });
    expect((await userByEmail(existing.email))!.google_id).toBe(owner.sub);
  });

  it("refuses a banned user", async () => {
    const banned = await createUser(ctx.db, { status_id: USER_STATUS.banned });
    const response = await login({
      provider: "google",
      token: await fakes.google.idToken(person({ email: banned.email })),
    });
    expect(response.statusCode).toBe(403);
  });

  it("asks for the token", async () => {
    const response = await login({ provider: "google" });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.token).toEqual(["The provider token is required."]);
  });
});

describe("Facebook", () => {
  it("registers from a token issued to our app, then signs the same user in", async () => {
    const someone = person();
    const first = await login({ provider: "facebook", token: fakes.facebook.accessToken(someone) });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ is_new_user: true, user: { email: someone.email, name: someone.name } });
    const second = await login({ provider: "facebook", token: fakes.facebook.accessToken(someone) });
    expect(second.json().data).toMatchObject({ is_new_user: false, user: { id: first.json().data.user.id } });
    expect((await userByEmail(someone.email!))!.facebook_id).toBe(someone.sub);
  });

  it("refuses a token of another app and a made-up token", async () => {
    const someone = person();
    expectLoginFailed(
      await login({ provider: "facebook", token: fakes.facebook.accessToken(someone, { appId: "999" }) }),
    );
    expectLoginFailed(await login({ provider: "facebook", token: "EAAB-made-up" }));
    expect(await userByEmail(someone.email!)).toBeUndefined();
  });

  it("cannot create an account without an email", async () => {
    const response = await login({
      provider: "facebook",
      token: fakes.facebook.accessToken(person({ email: undefined })),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(
      "Your Facebook account shares no email address. Please register with your email.",
    );
  });
});

describe("Apple", () => {
  it("exchanges the authorization code with our client secret and registers, once per code", async () => {
    const someone = person({ name: undefined });
    const code = fakes.apple.authorizationCode(someone);
    const first = await login({ provider: "apple", code, name: "Ama Doe", platform: "web" });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ is_new_user: true, user: { email: someone.email, name: "Ama Doe" } });
    expect((await userByEmail(someone.email!))!.apple_id).toBe(someone.sub);

    // Apple accepts a code once.
    expectLoginFailed(await login({ provider: "apple", code }));
    const again = await login({ provider: "apple", code: fakes.apple.authorizationCode(someone) });
    expect(again.json().data).toMatchObject({ is_new_user: false, user: { id: first.json().data.user.id } });
  });

  it("refuses a made-up code", async () => {
    expectLoginFailed(await login({ provider: "apple", code: "made-up" }));
  });
});

describe("unconfigured providers", () => {
  it("are disabled in /auth/providers and refused on login", async () => {
    const providers = await bare.app.inject({ method: "GET", url: "/api/auth/providers" });
    expect(providers.json().data).toEqual({
      google: { enabled: false },
      facebook: { enabled: false },
      apple: { enabled: false },
    });
    const response = await bare.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { provider: "google", token: await fakes.google.idToken(person()), device_id: "phone-1" },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe("Google sign-in is not available.");
  });
});
