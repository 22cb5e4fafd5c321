import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { admins } from "../../db/schema/admin-auth.ts";
import { useTestApp } from "../../test/test-app.ts";
import { signedInUser } from "../../test/factories.ts";
import { ensureAdmin } from "./create-admin.ts";

// The password-only sign-in, as with ADMIN_TOTP=false (tests and development only): admin-two-factor.test.ts has the
// second factor.
const ctx = useTestApp({ ADMIN_TOTP: "false" });
beforeAll(async () => {
  await ensureAdmin(ctx.db, { email: "boss@waterside.test", password: "admin-password", name: "Boss" });
});

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: "POST", url, payload, headers });

async function adminLogin() {
  const response = await post("/api/admin/auth/login", {
    email: "Boss@Waterside.test",
    password: "admin-password",
    device_id: "desk",
  });
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

describe("admin sign-in", () => {
  it("signs an admin in, refreshes and logs out", async () => {
    const { admin, authorization } = await adminLogin();
    expect(admin).toMatchObject({ name: "Boss", email: "boss@waterside.test" });
    const me = await ctx.app.inject({
      method: "GET",
      url: "/api/admin/auth/me",
      headers: { authorization: `Bearer ${authorization.token}` },
    });
    expect(me.json().data.email).toBe("boss@waterside.test");
    const refreshed = await post("/api/admin/auth/refresh", {
      device_id: "desk",
      refresh_token: authorization.refresh_token,
    });
    expect(refreshed.statusCode).toBe(200);
    const { token } = refreshed.json().data.authorization;
    expect(
      (await post("/api/admin/auth/logout", { device_id: "desk" }, { authorization: `Bearer ${token}` })).statusCode,
    ).toBe(200);
    expect(
      (await post("/api/admin/auth/logout", { device_id: "desk" }, { authorization: `Bearer ${token}` })).statusCode,
    ).toBe(401);
  });

  it("with ADMIN_TOTP off, still asks an admin who set up an authenticator for its code", async () => {
    await ensureAdmin(ctx.db, { email: "enrolled@waterside.test", password: "admin-password", name: "Enrolled" });
    await ctx.db
      .update(admins)
      .set({ totp_secret: "JBSWY3DPEHPK3PXP", totp_enabled_at: new Date() })
      .where(eq(admins.email, "enrolled@waterside.test"));
    const response = await post("/api/admin/auth/login", {
      email: "enrolled@waterside.test",
      password: "admin-password",
      device_id: "desk",
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ two_factor: "code", challenge_token: expect.any(String), expires_in: 300 });
  });

  it("refuses a wrong password and a user's credentials", async () => {
    const wrong = await post("/api/admin/auth/login", {
      email: "boss@waterside.test",
      password: "not-the-one",
      device_id: "d",
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe("email or password are not valid");
  });

  it("keeps user and admin tokens apart", async () => {
    const { headers: userHeaders } = await signedInUser(ctx.app, ctx.db);
    const userOnAdmin = await ctx.app.inject({ method: "GET", url: "/api/admin/auth/me", headers: userHeaders });
    expect(userOnAdmin.statusCode).toBe(403);

    const { authorization } = await adminLogin();
    const adminOnUser = await post(
      "/api/auth/logout",
      { device_id: "desk" },
      { authorization: `Bearer ${authorization.token}` },
    );
    expect(adminOnUser.statusCode).toBe(403);
    // An admin refresh token is no user refresh token either.
    const crossed = await post("/api/auth/refresh", { device_id: "desk", refresh_token: authorization.refresh_token });
    expect(crossed.statusCode).toBe(401);
  });
});

describe("the admin scope", () => {
  it("refuses visitors and user tokens on every route behind admin sign-in", async () => {
    const { headers } = await signedInUser(ctx.app, ctx.db);
    for (const [method, url] of [
      ["GET", "/api/admin/auth/me"],
      ["POST", "/api/admin/auth/logout"],
    ] as const) {
      expect((await ctx.app.inject({ method, url, payload: { device_id: "d" } })).statusCode).toBe(401);
      expect((await ctx.app.inject({ method, url, headers, payload: { device_id: "d" } })).statusCode).toBe(403);
    }
  });
});
