import { and, eq } from "drizzle-orm";
import { AD_STATUS, USER_TYPE } from "@waterside/shared/reference-ids";
import { beforeAll, describe, expect, it } from "vitest";
import { adminAuditLog } from "../../db/schema/admin.ts";
import { createAd, createUser, signedInAdmin, signedInUser } from "../../test/factories.ts";
import { useTestApp } from "../../test/test-app.ts";

const ctx = useTestApp();
let adminHeaders: Record<string, string>;
let adminId: number;

beforeAll(async () => {
  const signedIn = await signedInAdmin(ctx.app, ctx.db, "Admin");
  adminId = signedIn.admin.id;
  adminHeaders = signedIn.headers;
});

const adminList = async (filters: object) => {
  const response = await ctx.app.inject({
    method: "POST",
    url: "/api/admin/ads",
    headers: adminHeaders,
    payload: filters,
  });
  expect(response.statusCode).toBe(200);
  return response.json().data;
};
const setStatus = (adId: number, name: string, method: "PATCH" | "POST" = "POST") =>
  ctx.app.inject({
    method,
    url: `/api/admin/ads/${adId}/${name}`,
    headers: adminHeaders,
    payload: method === "POST" ? { _method: "patch", ad_id: adId, status_name: name } : {},
  });
const publicIds = async (filters: object) =>
  (await ctx.app.inject({ method: "POST", url: "/api/ads/get", payload: filters }))
    .json()
    .data.data.map((ad: { id: number }) => ad.id);
const suggestionIds = async (search: string) =>
  (await ctx.app.inject({ url: `/api/ads/search?search=${encodeURIComponent(search)}` }))
    .json()
    .data.map((suggestion: { id: number }) => suggestion.id);
const auditRows = (adId: number) =>
  ctx.db
    .select()
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.target_type, "ad"), eq(adminAuditLog.target_id, adId)));

describe("the admin ads routes", () => {
  it("refuse visitors (401) and user tokens (403)", async () => {
    const { headers } = await signedInUser(ctx.app, ctx.db);
    const routes = [
      ["POST", "/api/admin/ads"],
      ["GET", "/api/admin/ads/1"],
      ["POST", "/api/admin/ads/1/Hidden"],
      ["PATCH", "/api/admin/ads/1/Active"],
    ] as const;
    for (const [method, url] of routes) {
      const payload = method === "POST" && url.endsWith("Hidden") ? { _method: "patch" } : {};
      expect((await ctx.app.inject({ method, url, payload })).statusCode, `${method} ${url}`).toBe(401);
      expect((await ctx.app.inject({ method, url, payload, headers })).statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

describe("POST /api/admin/ads", () => {
  it("lists ads in every status with filters, sort, paging and the total", async () => {
    const seller = await createUser(ctx.db, { name: "Admin List Seller" });
    const other = await createUser(ctx.db, { usertype_id: USER_TYPE.company });
    const active = await createAd(ctx.db, { user_id: seller.id, title: "Wombatine lamp", price: 10 });
    const hidden = await createAd(ctx.db, {
      user_id: seller.id,
      title: "Wombatine chair",
      price: 40,
      status_id: AD_STATUS.hidden,
    });
    const pending = await createAd(ctx.db, {
      user_id: seller.id,
      title: "Wombatine table",
      price: 70,
      status_id: AD_STATUS.pending,
    });
    await createAd(ctx.db, { user_id: other.id, title: "Wombatine sofa", price: 100 });

    const all = await adminList({ user_id: seller.id, sort_by: "price", sort_order: "asc" });
    expect(all.total).toBe(3);
    expect(all.per_page).toBe(30);
    expect(all.data.map((ad: { id: number }) => ad.id)).toEqual([active.id, hidden.id, pending.id]);
    expect(all.data[1].status).toEqual({ id: AD_STATUS.hidden, name: "Hidden" });

    for (const [status, expected] of [
      ["Hidden", [hidden.id]],
      ["hidden", [hidden.id]],
      [AD_STATUS.active, [active.id]],
      ["Pending", [pending.id]],
      ["All", [active.id, hidden.id, pending.id]],
    ] as const) {
      const page = await adminList({ user_id: seller.id, status, sort_by: "price", sort_order: "asc" });
      expect(
        page.data.map((ad: { id: number }) => ad.id),
        String(status),
      ).toEqual(expected);
      expect(page.total).toBe(expected.length);
    }
    expect((await adminList({ user_id: seller.id, subcategory_status: 3 })).total).toBe(1);

    const first = await adminList({ search: "wombatine", per_page: 2, sort_by: "price", sort_order: "desc" });
    expect(first.total).toBe(4);
    expect(first.last_page).toBe(2);
    expect(first.data).toHaveLength(2);
    expect(first.next_page_url).not.toBeNull();
    const second = await adminList({ search: "wombatine", per_page: 2, page: 2, sort_by: "price", sort_order: "desc" });
    expect(second.data.map((ad: { id: number }) => ad.id)).toEqual([hidden.id, active.id]);
    expect(second.next_page_url).toBeNull();

    expect((await adminList({ search: "wombatine", price_min: 30, price_max: 80 })).total).toBe(2);
    expect((await adminList({ search: String(pending.id) })).data.map((ad: { id: number }) => ad.id)).toContain(
      pending.id,
    );
    expect((await adminList({ search: "wombatine", has_active_subscription: true })).total).toBe(0);

    const bad = await ctx.app.inject({
      method: "POST",
      url: "/api/admin/ads",
      headers: adminHeaders,
      payload: { status: "Archived" },
    });
    expect(bad.statusCode).toBe(422);
  });
});

describe("GET /api/admin/ads/{id}", () => {
  it("shows an ad in any status with its owner; an unknown one is a 404", async () => {
    const seller = await createUser(ctx.db, { phone_number: "231886000111" });
    const hidden = await createAd(ctx.db, { user_id: seller.id, title: "Hidden radio", status_id: AD_STATUS.hidden });
    const response = await ctx.app.inject({ url: `/api/admin/ads/${hidden.id}`, headers: adminHeaders });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      id: hidden.id,
      status: { id: AD_STATUS.hidden, name: "Hidden" },
      owner: { id: seller.id, email: seller.email, phone_number: "231886000111", status: { id: 1, name: "Active" } },
    });
    expect((await ctx.app.inject({ url: "/api/admin/ads/999999", headers: adminHeaders })).statusCode).toBe(404);
  });
});

describe("POST /api/admin/ads/{ad_id}/{status_name}", () => {
  it("hides an ad from public lists and search at once, keeps it for its owner, and activates it again", async () => {
    const { user: seller, headers: sellerHeaders } = await signedInUser(ctx.app, ctx.db);
    const ad = await createAd(ctx.db, { user_id: seller.id, title: "Quokkafish trap" });
    expect(await publicIds({ user_id: seller.id })).toEqual([ad.id]);
    expect(await suggestionIds("quokkafish")).toEqual([ad.id]);

    const hidden = await setStatus(ad.id, "Hidden");
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json().data.status).toEqual({ id: AD_STATUS.hidden, name: "Hidden" });
    // The ads_changed notification clears the caches a few milliseconds after the commit.
    await expect.poll(() => publicIds({ user_id: seller.id }), { timeout: 2000, interval: 20 }).toEqual([]);
    await expect.poll(() => suggestionIds("quokkafish"), { timeout: 2000, interval: 20 }).toEqual([]);
    expect((await ctx.app.inject({ url: `/api/ads/id/${ad.id}` })).statusCode).toBe(404);
    const owner = await ctx.app.inject({ url: `/api/ads/id/${ad.id}`, headers: sellerHeaders });
    expect(owner.statusCode).toBe(200);
    expect(owner.json().data.status).toEqual({ id: AD_STATUS.hidden, name: "Hidden" });

    const active = await setStatus(ad.id, "active", "PATCH");
    expect(active.statusCode).toBe(200);
    expect(active.json().data.status_id).toBe(AD_STATUS.active);
    await expect.poll(() => publicIds({ user_id: seller.id }), { timeout: 2000, interval: 20 }).toEqual([ad.id]);
    await expect.poll(() => suggestionIds("quokkafish"), { timeout: 2000, interval: 20 }).toEqual([ad.id]);

    const rows = await auditRows(ad.id);
    expect(rows.map(({ admin_id, action, before, after }) => ({ admin_id, action, before, after }))).toEqual([
      { admin_id: adminId, action: "ad.status", before: { status_id: 2 }, after: { status_id: 3 } },
      { admin_id: adminId, action: "ad.status", before: { status_id: 3 }, after: { status_id: 2 } },
    ]);
  });

  it("changes nothing for the status the ad has, and refuses other names and unknown ads", async () => {
    const seller = await createUser(ctx.db);
    const ad = await createAd(ctx.db, { user_id: seller.id });
    const same = await setStatus(ad.id, "Active");
    expect(same.statusCode).toBe(200);
    expect(same.json().message).toBe("The ad already has this status.");
    expect(await auditRows(ad.id)).toHaveLength(0);
    const unknownName = await setStatus(ad.id, "Sold");
    expect(unknownName.statusCode).toBe(422);
    expect((await setStatus(999_999, "Hidden")).statusCode).toBe(404);
    // A plain POST without the override is not this route's update.
    const plain = await ctx.app.inject({
      method: "POST",
      url: `/api/admin/ads/${ad.id}/Hidden`,
      headers: adminHeaders,
    });
    expect(plain.statusCode).toBe(422);
    expect(await auditRows(ad.id)).toHaveLength(0);
  });
});
