import { and, eq, inArray, ne } from "drizzle-orm";
import { ADMIN_MESSAGES } from "@waterside/shared/admin-messages";
import { AUTH_MESSAGES } from "@waterside/shared/auth-messages";
import { describe, expect, it } from "vitest";
import { adminAuditLog } from "../../db/schema/admin.ts";
import { admins } from "../../db/schema/admin-auth.ts";
import { authSessions } from "../../db/schema/auth.ts";
import { ensureAdmin } from "../admin-auth/create-admin.ts";
import { signedInUser } from "../../test/factories.ts";
import { useTestApp } from "../../test/test-app.ts";

// Signs admins in with the password alone (ADMIN_TOTP=false): the second factor is admin-auth's (admin-two-factor.test.ts).
const ctx = useTestApp({ ADMIN_TOTP: "false" });
const PASSWORD = "admin-password";
let sequence = 0;

/** A new admin, signed in through the login route on its own device. */
async function newAdmin(name = `Admin ${++sequence}`) {
  const email = `admin${sequence}.${Date.now().toString(36)}@admin-admins.test`;
  await ensureAdmin(ctx.db, { email, password: PASSWORD, name });
  const [row] = await ctx.db.select({ id: admins.id }).from(admins).where(eq(admins.email, email));
  const login = await logIn(email);
  expect(login.statusCode, login.body).toBe(200);
  const { authorization } = login.json().data;
  return {
    id: row!.id,
    name,
    email,
    authorization,
    headers: { authorization: `Bearer ${authorization.token}` },
  };
}

const logIn = (email: string, device_id = "desk") =>
  ctx.app.inject({ method: "POST", url: "/api/admin/auth/login", payload: { email, password: PASSWORD, device_id } });
const refresh = (refresh_token: string, device_id = "desk") =>
  ctx.app.inject({ method: "POST", url: "/api/admin/auth/refresh", payload: { refresh_token, device_id } });
const me = (headers: Record<string, string>) => ctx.app.inject({ url: "/api/admin/auth/me", headers });
const setStatus = (headers: Record<string, string>, adminId: number, status: string) =>
  ctx.app.inject({ method: "PATCH", url: `/api/admin/admins/${adminId}/status`, headers, payload: { status } });
const statusOf = async (adminId: number) =>
  (await ctx.db.select({ status: admins.status }).from(admins).where(eq(admins.id, adminId)))[0]!.status;
const audit = (adminId: number) =>
  ctx.db
    .select()
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.target_type, "admin"), eq(adminAuditLog.target_id, adminId)))
    .orderBy(adminAuditLog.id);

describe("the admins routes", () => {
  it("refuse visitors (401) and user tokens (403), and change nothing", async () => {
    const target = await newAdmin();
    const { headers } = await signedInUser(ctx.app, ctx.db);
    const routes = [
      ["GET", "/api/admin/admins", undefined],
      ["PATCH", `/api/admin/admins/${target.id}/status`, { status: "Suspended" }],
      ["POST", `/api/admin/admins/${target.id}/status`, { status: "Suspended", _method: "patch" }],
    ] as const;
    for (const [method, url, payload] of routes) {
      expect((await ctx.app.inject({ method, url, payload })).statusCode, `${method} ${url}`).toBe(401);
      expect((await ctx.app.inject({ method, url, payload, headers })).statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await statusOf(target.id)).toBe("Active");
    expect(await audit(target.id)).toHaveLength(0);
  });
});

describe("GET /api/admin/admins", () => {
  it("lists every admin, oldest first, with status and latest sign-in, paged with the total", async () => {
    const viewer = await newAdmin("Viewer");
    const email = `never.${Date.now().toString(36)}@admin-admins.test`;
    await ensureAdmin(ctx.db, { email, password: PASSWORD, name: "Never signed in" });

    const response = await ctx.app.inject({ url: "/api/admin/admins", headers: viewer.headers });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json().data;
    const total = await ctx.db.$count(admins);
    expect(page).toMatchObject({ total, current_page: 1, per_page: 30, next_page_url: null });
    const ids = page.data.map((admin: { id: number }) => admin.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(page.data.find((admin: { id: number }) => admin.id === viewer.id)).toMatchObject({
      name: "Viewer",
      email: viewer.email,
      status: "Active",
      last_sign_in_at: expect.any(String),
    });
    expect(page.data.find((admin: { email: string }) => admin.email === email)).toMatchObject({
      status: "Active",
      last_sign_in_at: null,
    });
    expect(JSON.stringify(page)).not.toContain("password");

    const first = (await ctx.app.inject({ url: "/api/admin/admins?per_page=1", headers: viewer.headers })).json().data;
    expect(first).toMatchObject({ total, per_page: 1, last_page: total });
    expect(first.next_page_url).toBe("/api/admin/admins?per_page=1&page=2");
  });
});

describe("PATCH /api/admin/admins/{admin_id}/status", () => {
  it("a suspension ends every session at once and bars login and refresh; reactivation lets them sign in again", async () => {
    const boss = await newAdmin("Boss");
    const target = await newAdmin("Target");
    const laptop = await logIn(target.email, "laptop");
    const laptopHeaders = { authorization: `Bearer ${laptop.json().data.authorization.token}` };
    expect((await me(target.headers)).statusCode).toBe(200);
    expect((await me(laptopHeaders)).statusCode).toBe(200);

    const suspended = await setStatus(boss.headers, target.id, "Suspended");
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(suspended.json()).toMatchObject({
      data: { id: target.id, status: "Suspended" },
      message: ADMIN_MESSAGES.adminSuspendedDone,
    });

    // The very next request with either device's token is refused, and says why.
    for (const headers of [target.headers, laptopHeaders]) {
      const refused = await me(headers);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().message).toBe(ADMIN_MESSAGES.adminSuspended);
    }
    expect((await ctx.app.inject({ url: "/api/admin/admins", headers: target.headers })).statusCode).toBe(401);
    expect((await refresh(target.authorization.refresh_token)).statusCode).toBe(401);
    const login = await logIn(target.email, "another-desk");
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toBe(ADMIN_MESSAGES.adminSuspended);
    const open = await ctx.db.select().from(authSessions).where(eq(authSessions.admin_id, target.id));
    expect(open.length).toBe(2);
    expect(open.every((session) => session.revoked_at !== null)).toBe(true);

    // The same status again changes and records nothing.
    const again = await setStatus(boss.headers, target.id, "Suspended");
    expect(again.json()).toMatchObject({ data: { status: "Suspended" }, message: ADMIN_MESSAGES.adminStatusUnchanged });

    const reactivated = await setStatus(boss.headers, target.id, "Active");
    expect(reactivated.json()).toMatchObject({
      data: { status: "Active" },
      message: ADMIN_MESSAGES.adminReactivated,
    });
    // Sessions stay ended: the admin signs in again.
    const oldToken = await me(target.headers);
    expect(oldToken.statusCode).toBe(401);
    expect(oldToken.json().message).toBe(AUTH_MESSAGES.sessionExpired);
    expect((await logIn(target.email)).statusCode).toBe(200);

    const rows = await audit(target.id);
    expect(rows.map(({ admin_id, action, before, after }) => ({ admin_id, action, before, after }))).toEqual([
      {
        admin_id: boss.id,
        action: "admin.status",
        before: { status: "Active" },
        after: { status: "Suspended", revoked_sessions: 2 },
      },
      { admin_id: boss.id, action: "admin.status", before: { status: "Suspended" }, after: { status: "Active" } },
    ]);
  });

  it("refuses a session the suspension did not revoke (a login racing it): token 401, refresh 403", async () => {
    const target = await newAdmin();
    // As if a login had opened this session while the suspension was being written.
    await ctx.db.update(admins).set({ status: "Suspended" }).where(eq(admins.id, target.id));
    const token = await me(target.headers);
    expect(token.statusCode).toBe(401);
    expect(token.json().message).toBe(ADMIN_MESSAGES.adminSuspended);
    const refreshed = await refresh(target.authorization.refresh_token);
    expect(refreshed.statusCode).toBe(403);
    expect(refreshed.json().message).toBe(ADMIN_MESSAGES.adminSuspended);
    const [session] = await ctx.db.select().from(authSessions).where(eq(authSessions.admin_id, target.id));
    expect(session!.revoked_at).not.toBeNull();
  });

  it("answers a missing admin 404, an unknown status 422, and takes POST with _method=patch", async () => {
    const boss = await newAdmin();
    const target = await newAdmin();
    expect((await setStatus(boss.headers, 2_000_000_000, "Suspended")).statusCode).toBe(404);
    for (const status of ["Banned", "", "suspended "]) {
      const bad = await setStatus(boss.headers, target.id, status);
      expect(bad.statusCode, status).toBe(422);
      expect(bad.json().message).toBe(ADMIN_MESSAGES.adminStatusInvalid);
    }
    const viaPost = await ctx.app.inject({
      method: "POST",
      url: `/api/admin/admins/${target.id}/status`,
      headers: boss.headers,
      payload: { status: "Suspended", _method: "patch" },
    });
    expect(viaPost.statusCode, viaPost.body).toBe(200);
    expect(await statusOf(target.id)).toBe("Suspended");
  });

  it("never lets an admin change their own status, so the last active admin stays active", async () => {
    const last = await newAdmin("Last");
    const other = await newAdmin("Other");
    // Everyone else is suspended through the route: `last` is the only active admin left.
    const others = await ctx.db
      .select({ id: admins.id })
      .from(admins)
      .where(and(ne(admins.id, last.id), eq(admins.status, "Active")));
    for (const { id } of others) expect((await setStatus(last.headers, id, "Suspended")).statusCode).toBe(200);
    expect(await ctx.db.$count(admins, eq(admins.status, "Active"))).toBe(1);

    const own = await setStatus(last.headers, last.id, "Suspended");
    expect(own.statusCode).toBe(422);
    expect(own.json().message).toBe(ADMIN_MESSAGES.adminOwnStatus);
    // A suspended admin can no longer act at all.
    expect((await setStatus(other.headers, last.id, "Suspended")).statusCode).toBe(401);
    expect(await statusOf(last.id)).toBe("Active");
    expect(await audit(last.id)).toHaveLength(0);
  });

  it("two admins suspending each other at the same moment leave one of them active", async () => {
    for (let round = 0; round < 5; round++) {
      const one = await newAdmin();
      const two = await newAdmin();
      // The pair are the only active admins, so both suspensions passing would leave none.
      await ctx.db
        .update(admins)
        .set({ status: "Suspended" })
        .where(and(ne(admins.id, one.id), ne(admins.id, two.id)));

      const answers = await Promise.all([
        setStatus(one.headers, two.id, "Suspended"),
        setStatus(two.headers, one.id, "Suspended"),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
      const loser = answers.findIndex((answer) => answer.statusCode === 401);
      expect(answers[loser]!.json().message).toBe(ADMIN_MESSAGES.adminSuspended);
      const active = await ctx.db
        .select({ id: admins.id })
        .from(admins)
        .where(and(inArray(admins.id, [one.id, two.id]), eq(admins.status, "Active")));
      expect(active).toEqual([{ id: loser === 0 ? two.id : one.id }]);
      expect(await ctx.db.$count(admins, eq(admins.status, "Active"))).toBe(1);
      // Only the suspension that happened is in the log.
      expect((await audit(one.id)).length + (await audit(two.id)).length).toBe(1);
    }
  });
});
