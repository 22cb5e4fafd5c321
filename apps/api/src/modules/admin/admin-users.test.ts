import { and, eq, inArray } from "drizzle-orm";
import { AUTH_MESSAGES } from "@waterside/shared/auth-messages";
import { AD_STATUS, USER_STATUS, USER_TYPE } from "@waterside/shared/reference-ids";
import { beforeAll, describe, expect, it } from "vitest";
import { adminAuditLog } from "../../db/schema/admin.ts";
import { ads } from "../../db/schema/ads.ts";
import { authHeaders, createAd, createUser, signedInAdmin, signedInUser } from "../../test/factories.ts";
import { useTestApp } from "../../test/test-app.ts";

const ctx = useTestApp();
let adminHeaders: Record<string, string>;
let adminId: number;

beforeAll(async () => {
  const signedIn = await signedInAdmin(ctx.app, ctx.db, "Admin");
  adminId = signedIn.admin.id;
  adminHeaders = signedIn.headers;
});

const listUsers = async (query: string) => {
  const response = await ctx.app.inject({ url: `/api/admin/users?${query}`, headers: adminHeaders });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};
const setUserStatus = (userId: number, statusId: number, method: "PATCH" | "POST" = "PATCH") =>
  ctx.app.inject({
    method,
    url: `/api/admin/users/${userId}/status`,
    headers: adminHeaders,
    payload: { status_id: statusId, user_id: userId, ...(method === "POST" && { _method: "patch" }) },
  });
const publicIds = async (userId: number) =>
  (await ctx.app.inject({ method: "POST", url: "/api/ads/get", payload: { user_id: userId } }))
    .json()
    .data.data.map((ad: { id: number }) => ad.id);
const statuses = async (ids: number[]) =>
  Object.fromEntries(
    (await ctx.db.select({ id: ads.id, status_id: ads.status_id }).from(ads).where(inArray(ads.id, ids))).map((row) => [
      row.id,
      row.status_id,
    ]),
  );
const userAudit = (userId: number) =>
  ctx.db
    .select()
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.target_type, "user"), eq(adminAuditLog.target_id, userId)))
    .orderBy(adminAuditLog.id);

describe("the admin users routes", () => {
  it("refuse visitors (401) and user tokens (403)", async () => {
    const { user, headers } = await signedInUser(ctx.app, ctx.db);
    const routes = [
      ["GET", "/api/admin/users", undefined],
      ["PATCH", `/api/admin/users/${user.id}/status`, { status_id: 2 }],
      ["POST", `/api/admin/users/${user.id}/status`, { status_id: 2, _method: "patch" }],
    ] as const;
    for (const [method, url, payload] of routes) {
      expect((await ctx.app.inject({ method, url, payload })).statusCode, `${method} ${url}`).toBe(401);
      expect((await ctx.app.inject({ method, url, payload, headers })).statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await userAudit(user.id)).toHaveLength(0);
  });
});

describe("GET /api/admin/users", () => {
  it("searches by name, email and phone, filters by status and type, sorts and pages with the total", async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const ann = await createUser(ctx.db, {
      name: `Ann ${tag}`,
      email: `ann.${tag}@example.com`,
      phone_number: "231770001",
    });
    const bob = await createUser(ctx.db, {
      name: `Bob ${tag}`,
      email: `bob.${tag}@example.com`,
      phone_number: "231880002",
      usertype_id: USER_TYPE.company,
    });
    const cy = await createUser(ctx.db, {
      name: `Cy ${tag}`,
      email: `cy.${tag}@example.com`,
      status_id: USER_STATUS.banned,
    });
    await createUser(ctx.db, { name: `Gone ${tag}`, email: `gone.${tag}@example.com`, deleted_at: new Date() });

    const all = await listUsers(`search=${tag}&sort_by=name&sort_order=asc`);
    expect(all.total).toBe(3);
    expect(all.per_page).toBe(30);
    expect(all.data.map((user: { id: number }) => user.id)).toEqual([ann.id, bob.id, cy.id]);
    expect(all.data[1]).toMatchObject({
      email: bob.email,
      phone_number: "231880002",
      status: { id: 1, name: "Active" },
      usertype: { id: 2, name: "Company" },
    });
    const desc = await listUsers(`search=${tag}&sort_by=email&sort_order=desc`);
    expect(desc.data.map((user: { id: number }) => user.id)).toEqual([cy.id, bob.id, ann.id]);

    expect((await listUsers(`search=231770001`)).data.map((user: { id: number }) => user.id)).toEqual([ann.id]);
    expect((await listUsers(`search=BOB.${tag}`)).data.map((user: { id: number }) => user.id)).toEqual([bob.id]);
    expect((await listUsers(`search=${tag}&status=Banned`)).data.map((user: { id: number }) => user.id)).toEqual([
      cy.id,
    ]);
    expect((await listUsers(`search=${tag}&status=1`)).total).toBe(2);
    expect((await listUsers(`search=${tag}&usertype=Company`)).data.map((user: { id: number }) => user.id)).toEqual([
      bob.id,
    ]);
    expect((await listUsers(`search=${tag}&usertype=All&status=All`)).total).toBe(3);
    expect((await listUsers(`search=%25`)).total).toBe(0);

    const first = await listUsers(`search=${tag}&per_page=2&sort_by=name`);
    expect(first).toMatchObject({ total: 3, last_page: 2, current_page: 1 });
    expect(first.data).toHaveLength(2);
    const second = await listUsers(`search=${tag}&per_page=2&sort_by=name&page=2`);
    expect(second.data.map((user: { id: number }) => user.id)).toEqual([cy.id]);
    expect(second.next_page_url).toBeNull();

    expect((await listUsers("per_page=10")).per_page).toBe(10);
    const bad = await ctx.app.inject({ url: "/api/admin/users?status=Sleeping", headers: adminHeaders });
    expect(bad.statusCode).toBe(422);
  });
});

describe("PATCH /api/admin/users/{user_id}/status", () => {
  it("a ban signs the user out at once and hides their ads; reactivation restores exactly those", async () => {
    const { user, headers } = await signedInUser(ctx.app, ctx.db);
    const otherDevice = await authHeaders(ctx.app, { kind: "user", userId: user.id });
    const shown = [
      await createAd(ctx.db, { user_id: user.id, title: "Banned seller bike" }),
      await createAd(ctx.db, { user_id: user.id, title: "Banned seller boat" }),
    ];
    const hiddenBefore = await createAd(ctx.db, { user_id: user.id, status_id: AD_STATUS.hidden });
    const pending = await createAd(ctx.db, { user_id: user.id, status_id: AD_STATUS.pending });
    expect((await ctx.app.inject({ url: "/api/user", headers })).statusCode).toBe(200);
    expect((await publicIds(user.id)).sort()).toEqual(shown.map((ad) => ad.id).sort());

    const banned = await setUserStatus(user.id, USER_STATUS.banned);
    expect(banned.statusCode, banned.body).toBe(200);
    expect(banned.json().data.status).toEqual({ id: 2, name: "Banned" });
    for (const device of [headers, otherDevice]) {
      const refused = await ctx.app.inject({ url: "/api/user", headers: device });
      expect(refused.statusCode).toBe(401);
      expect(refused.json().message).toBe(AUTH_MESSAGES.accountBanned);
    }
    await expect.poll(() => publicIds(user.id), { timeout: 2000, interval: 20 }).toEqual([]);
    expect(await statuses([...shown.map((ad) => ad.id), hiddenBefore.id, pending.id])).toEqual({
      [shown[0]!.id]: AD_STATUS.hidden,
      [shown[1]!.id]: AD_STATUS.hidden,
      [hiddenBefore.id]: AD_STATUS.hidden,
      [pending.id]: AD_STATUS.pending,
    });
    // The admin cannot put one of a banned user's ads back online behind the ban.
    const activate = await ctx.app.inject({
      method: "PATCH",
      url: `/api/admin/ads/${shown[0]!.id}/Active`,
      headers: adminHeaders,
      payload: {},
    });
    expect(activate.statusCode).toBe(422);

    const again = await setUserStatus(user.id, USER_STATUS.banned);
    expect(again.json().message).toBe("The user already has this status.");

    const active = await setUserStatus(user.id, USER_STATUS.active, "POST");
    expect(active.statusCode).toBe(200);
    expect(active.json().data.status_id).toBe(USER_STATUS.active);
    expect(await statuses([...shown.map((ad) => ad.id), hiddenBefore.id, pending.id])).toEqual({
      [shown[0]!.id]: AD_STATUS.active,
      [shown[1]!.id]: AD_STATUS.active,
      [hiddenBefore.id]: AD_STATUS.hidden,
      [pending.id]: AD_STATUS.pending,
    });
    await expect
      .poll(async () => (await publicIds(user.id)).sort(), { timeout: 2000, interval: 20 })
      .toEqual(shown.map((ad) => ad.id).sort());
    // The ban's sign-out stands: the user signs in again.
    const old = await ctx.app.inject({ url: "/api/user", headers });
    expect(old.statusCode).toBe(401);
    expect(old.json().message).toBe(AUTH_MESSAGES.sessionExpired);

    const audit = await userAudit(user.id);
    expect(audit.map(({ admin_id, action, before, after }) => ({ admin_id, action, before, after }))).toEqual([
      {
        admin_id: adminId,
        action: "user.status",
        before: { status_id: 1 },
        after: { status_id: 2, hidden_ad_ids: shown.map((ad) => ad.id).sort((a, b) => a - b), revoked_sessions: 2 },
      },
      {
        admin_id: adminId,
        action: "user.status",
        before: { status_id: 2 },
        after: { status_id: 1, restored_ad_ids: shown.map((ad) => ad.id).sort((a, b) => a - b) },
      },
    ]);
  });

  it("refuses other statuses, a different user_id in the body, and unknown or deleted users", async () => {
    const user = await createUser(ctx.db);
    const gone = await createUser(ctx.db, { deleted_at: new Date() });
    expect((await setUserStatus(user.id, 3)).statusCode).toBe(422);
    const crossed = await ctx.app.inject({
      method: "PATCH",
      url: `/api/admin/users/${user.id}/status`,
      headers: adminHeaders,
      payload: { status_id: 2, user_id: user.id + 1 },
    });
    expect(crossed.statusCode).toBe(422);
    expect((await setUserStatus(999_999, 2)).statusCode).toBe(404);
    expect((await setUserStatus(gone.id, 2)).statusCode).toBe(404);
    expect(await userAudit(user.id)).toHaveLength(0);
  });
});
