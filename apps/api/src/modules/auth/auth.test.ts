import sharp from "sharp";
import { USER_STATUS } from "@waterside/shared/reference-ids";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { authSessions } from "../../db/schema/auth.ts";
import { companies, users } from "../../db/schema/users.ts";
import { multipart } from "../../test/multipart.ts";
import { useTestApp } from "../../test/test-app.ts";
import { AUTH_RATE_LIMITS } from "./auth.routes.ts";
import { createTokenService } from "./tokens.ts";

const ctx = useTestApp();

let sequence = 0;
const uniqueEmail = () => `person${++sequence}-${Date.now()}@example.com`;
/** Each test speaks from its own address, so per-IP limits of one test never touch another. */
const fromIp = () => `10.0.${Math.floor(sequence / 250)}.${sequence % 250}`;

const post = (url: string, payload: object, headers: Record<string, string> = {}, remoteAddress = fromIp()) =>
  ctx.app.inject({ method: "POST", url, payload, headers, remoteAddress });

const registration = (overrides: Record<string, unknown> = {}) => ({
  name: "Musu Kollie",
  email: uniqueEmail(),
  password: "secret-pass",
  password_confirmation: "secret-pass",
  usertype_id: 1,
  accept_terms: true,
  accept_policy: true,
  platform: "web",
  device_id: "phone-1",
  ...overrides,
});

async function register(overrides: Record<string, unknown> = {}) {
  const body = registration(overrides);
  const response = await post("/api/auth/register", body);
  expect(response.statusCode).toBe(201);
  return { ...response.json().data, email: body.email, password: body.password };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe("registration", () => {
  it.each([
    [{ name: "" }, "name", "Name is required"],
    [{ email: "" }, "email", "Email field is required"],
    [{ email: "not-an-email" }, "email", "Please enter a valid email address"],
    [{ password: "short", password_confirmation: "short" }, "password", "Password must be at least 8 characters"],
    [{ password_confirmation: "something-else" }, "password_confirmation", "Passwords should match!"],
    [{ phone_number: "1234" }, "phone_number", "Phone number not valid"],
    [{ accept_terms: false }, "accept_terms", "You must agree to the terms and privacy policy"],
  ])("refuses %o with the spec's message", async (overrides, field, message) => {
    const response = await post("/api/auth/register", registration(overrides));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[field]).toContain(message);
  });

  it("registers an individual, signs in on the device and never returns the password", async () => {
    const { user, authorization } = await register({ phone_number: "231886123456" });
    expect(user).toMatchObject({
      name: "Musu Kollie",
      usertype_id: 1,
      usertype: { name: "Individual" },
      company: null,
    });
    expect(user).not.toHaveProperty("password_hash");
    expect(authorization).toMatchObject({ type: "Bearer", expires_in: 900 });
    expect(authorization.refresh_token).toEqual(expect.any(String));
    const logout = await post("/api/auth/logout", { device_id: "phone-1" }, bearer(authorization.token));
    expect(logout.statusCode).toBe(200);
  });

  it("registers a business with company details and a banner sent as multipart", async () => {
    const banner = await sharp({ create: { width: 1600, height: 900, channels: 3, background: "#0a7" } })
      .png()
      .toBuffer();
    const form = new FormData();
    for (const [key, value] of Object.entries(
      registration({
        usertype_id: 2,
        name: "Red Light Motors",
        address: "Red Light, Paynesville",
        description: "Cars",
        latitude: 6.28,
        longitude: 0,
      }),
    )) {
      form.append(key, String(value));
    }
    form.append("images.banner_image", new Blob([banner]), "banner.png");
    const response = await ctx.app.inject({ method: "POST", url: "/api/auth/register", ...(await multipart(form)) });
    expect(response.statusCode).toBe(201);
    const { user } = response.json().data;
    expect(user.usertype).toMatchObject({ id: 2, name: "Company" });
    // Zero coordinates are "not given" (spec §5 payload cleaning).
    expect(user.company).toMatchObject({ address: "Red Light, Paynesville", latitude: 6.28, longitude: null });
    expect(user.company.banner_image_url).toMatch(/^\/media\/banners\/.+\.webp$/);
    const picture = await ctx.app.inject({ method: "GET", url: user.company.banner_image_url });
    expect(picture.statusCode).toBe(200);
    const [company] = await ctx.db.select().from(companies).where(eq(companies.user_id, user.id));
    expect(company?.description).toBe("Cars");
  });

  it("checks whether an email is free, case-insensitively", async () => {
    const { email } = await register();
    const taken = await post("/api/auth/register/validate-credentials", { email: email.toUpperCase() });
    expect(taken.statusCode).toBe(422);
    expect(taken.json()).toMatchObject({
      message: "Validation failed",
      errors: { email: ["This email is already registered."] },
    });
    const free = await post("/api/auth/register/validate-credentials", { email: uniqueEmail() });
    expect(free.statusCode).toBe(200);
    const again = await post("/api/auth/register", registration({ email: email.toUpperCase() }));
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.email).toEqual(["This email is already registered."]);
  });
});

describe("login", () => {
  it.each([
    [{ email: "" }, "email", "Email field is required"],
    [{ password: "" }, "password", "Password field is required"],
    [{ password: "short" }, "password", "Password must be at least 8 characters"],
  ])("refuses %o with the spec's message", async (overrides, field, message) => {
    const response = await post("/api/auth/login", {
      email: "a@b.lr",
      password: "long-enough",
      device_id: "d",
      ...overrides,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[field]).toContain(message);
  });

  it("signs in with any casing of the email, and refuses a wrong password without saying which part was wrong", async () => {
    const { email, password } = await register();
    const wrong = await post("/api/auth/login", { email, password: "wrong-password", device_id: "d" });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe("email or password are not valid");
    const unknown = await post("/api/auth/login", { email: uniqueEmail(), password, device_id: "d" });
    expect(unknown.json().message).toBe("email or password are not valid");

    const ok = await post("/api/auth/login", {
      email: email.toUpperCase(),
      password,
      device_id: "d",
      remember_me: true,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.user.email).toBe(email);
    expect(ok.json().data.authorization.refresh_expires_in).toBe(30 * 24 * 3600);
  });

  it("answers 429 after too many wrong passwords for one account from one address, and the owner still signs in", async () => {
    const { email } = await register();
    const guess = (ip: string, device = "attacker") =>
      post("/api/auth/login", { email, password: "wrong-password", device_id: device }, {}, ip);
    for (let attempt = 0; attempt < AUTH_RATE_LIMITS.loginPerAccountAndIp.max; attempt++) {
      expect((await guess("10.9.9.1")).statusCode).toBe(422);
    }
    const blocked = await guess("10.9.9.1");
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    // The real owner, elsewhere, is not locked out by the guesser.
    const owner = await post(
      "/api/auth/login",
      { email, password: "secret-pass", device_id: "phone-1" },
      {},
      "10.9.8.1",
    );
    expect(owner.statusCode).toBe(200);
  });

  it("holds guessing from many addresses to a slower limit per account, which the owner's own device is not held to", async () => {
    const { email } = await register();
    const max = AUTH_RATE_LIMITS.loginPerAccount.max;
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= max; attempt++) {
      const response = await post(
        "/api/auth/login",
        { email, password: "wrong-password", device_id: `botnet-${attempt}` },
        {},
        `10.8.${Math.floor(attempt / 200)}.${attempt % 200}`,
      );
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, max).every((status) => status === 422)).toBe(true);
    expect(statuses[max]).toBe(429);
    const newDevice = await post(
      "/api/auth/login",
      { email, password: "secret-pass", device_id: "new-phone" },
      {},
      "10.7.0.1",
    );
    expect(newDevice.statusCode).toBe(429);
    // Registration signed in on "phone-1": that device still gets in.
    const ownDevice = await post(
      "/api/auth/login",
      { email, password: "secret-pass", device_id: "phone-1" },
      {},
      "10.7.0.2",
    );
    expect(ownDevice.statusCode).toBe(200);
  });
});

describe("sessions", () => {
  it("rotates refresh tokens, and a reused one revokes the whole family", async () => {
    const { authorization } = await register({ device_id: "tablet" });
    const first = await post("/api/auth/refresh", { device_id: "tablet", refresh_token: authorization.refresh_token });
    expect(first.statusCode).toBe(200);
    const next = first.json().data.authorization;
    expect(next.refresh_token).not.toBe(authorization.refresh_token);

    // The old token comes back: someone else holds a copy. Every token of the family stops working.
    const replay = await post("/api/auth/refresh", { device_id: "tablet", refresh_token: authorization.refresh_token });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe("Session expired. Please log in again.");
    const newest = await post("/api/auth/refresh", { device_id: "tablet", refresh_token: next.refresh_token });
    expect(newest.statusCode).toBe(401);
    const access = await post("/api/auth/logout", { device_id: "tablet" }, bearer(next.token));
    expect(access.statusCode).toBe(401);
  });

  it("refuses a refresh token from another device", async () => {
    const { authorization } = await register({ device_id: "phone-a" });
    const response = await post("/api/auth/refresh", {
      device_id: "phone-b",
      refresh_token: authorization.refresh_token,
    });
    expect(response.statusCode).toBe(401);
  });

  it("registers without a device_id (spec §7); the first refresh names the device, which then holds it", async () => {
    const { device_id: _, ...body } = registration();
    const response = await post("/api/auth/register", body);
    expect(response.statusCode).toBe(201);
    const { authorization, user } = response.json().data;
    const me = await ctx.app.inject({ method: "GET", url: "/api/user", headers: bearer(authorization.token) });
    expect(me.json().data.id).toBe(user.id);

    const bound = await post("/api/auth/refresh", {
      device_id: "new-phone",
      refresh_token: authorization.refresh_token,
    });
    expect(bound.statusCode).toBe(200);
    const next = bound.json().data.authorization;
    const elsewhere = await post("/api/auth/refresh", { device_id: "other-phone", refresh_token: next.refresh_token });
    expect(elsewhere.statusCode).toBe(401);
    const [session] = await ctx.db.select().from(authSessions).where(eq(authSessions.user_id, user.id));
    expect(session!.device_id).toBe("new-phone");
  });

  it("signing in again on the same device ends the earlier session there, not on other devices", async () => {
    const { email, password, authorization: onPhone } = await register({ device_id: "phone" });
    const laptop = (await post("/api/auth/login", { email, password, device_id: "laptop" })).json().data.authorization;
    await post("/api/auth/login", { email, password, device_id: "phone" });
    expect((await post("/api/auth/logout", { device_id: "phone" }, bearer(onPhone.token))).statusCode).toBe(401);
    expect((await post("/api/auth/logout", { device_id: "laptop" }, bearer(laptop.token))).statusCode).toBe(200);
  });

  it("logout ends the device's session: its tokens stop working", async () => {
    const { authorization } = await register({ device_id: "phone" });
    expect((await post("/api/auth/logout", { device_id: "phone" }, bearer(authorization.token))).statusCode).toBe(200);
    expect((await post("/api/auth/logout", { device_id: "phone" }, bearer(authorization.token))).statusCode).toBe(401);
    const refresh = await post("/api/auth/refresh", { device_id: "phone", refresh_token: authorization.refresh_token });
    expect(refresh.statusCode).toBe(401);
  });

  it("expires access tokens after 15 minutes and refresh tokens after their lifetime", async () => {
    const { user } = await register();
    let now = new Date("2026-01-01T00:00:00Z");
    const tokens = createTokenService(ctx.db, "t".repeat(40), () => now);
    const authorization = await tokens.startSession({ kind: "user", userId: user.id }, "clock-device");
    expect(await tokens.verifyAccess(authorization.token)).not.toBeNull();
    now = new Date(now.getTime() + 16 * 60_000);
    expect(await tokens.verifyAccess(authorization.token)).toBeNull();
    now = new Date(now.getTime() + 8 * 24 * 3600_000);
    expect(await tokens.refresh(authorization.refresh_token, "clock-device", "user")).toEqual({
      ok: false,
      reason: "expired",
    });
  });

  it("a banned user cannot sign in or refresh, and their live token stops at once", async () => {
    const { user, email, password, authorization } = await register({ device_id: "phone" });
    await ctx.db.update(users).set({ status_id: USER_STATUS.banned }).where(eq(users.id, user.id));

    const live = await post("/api/auth/logout", { device_id: "phone" }, bearer(authorization.token));
    expect(live.statusCode).toBe(401);
    expect(live.json().message).toMatch(/suspended/);
    const login = await post("/api/auth/login", { email, password, device_id: "phone" });
    expect(login.statusCode).toBe(403);
    const refresh = await post("/api/auth/refresh", { device_id: "phone", refresh_token: authorization.refresh_token });
    expect(refresh.statusCode).toBe(403);
    const open = await ctx.db.select().from(authSessions).where(eq(authSessions.user_id, user.id));
    expect(open.every((session) => session.revoked_at !== null)).toBe(true);
  });

  it("a forged or tampered token is refused", async () => {
    const { authorization } = await register();
    const [header, payload, signature] = authorization.token.split(".");
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
    const forged = [header, Buffer.from(JSON.stringify({ ...claims, sub: "1" })).toString("base64url"), signature].join(
      ".",
    );
    expect((await post("/api/auth/logout", { device_id: "d" }, bearer(forged))).statusCode).toBe(401);
    const otherKey = createTokenService(ctx.db, "x".repeat(40));
    const foreign = await otherKey.startSession({ kind: "user", userId: claims.sub }, "d");
    expect((await post("/api/auth/logout", { device_id: "d" }, bearer(foreign.token))).statusCode).toBe(401);
  });
});
