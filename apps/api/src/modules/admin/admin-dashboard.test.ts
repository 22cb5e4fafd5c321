import { DASHBOARD_CATEGORIES } from "@waterside/shared/admin-catalog-messages";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createAd, signedInAdmin, signedInUser } from "../../test/factories.ts";
import { useTestApp } from "../../test/test-app.ts";

const ctx = useTestApp();

const adminHeaders = async () => (await signedInAdmin(ctx.app, ctx.db, "Dashboard Admin")).headers;

const dashboard = async (headers: Record<string, string>) => {
  const reply = await ctx.app.inject({ method: "GET", url: "/api/admin/dashboard", headers });
  expect(reply.statusCode).toBe(200);
  return reply.json().data;
};

describe("GET /admin/dashboard", () => {
  it("refuses visitors (401) and user tokens (403)", async () => {
    const user = await signedInUser(ctx.app, ctx.db);
    expect((await ctx.app.inject({ method: "GET", url: "/api/admin/dashboard" })).statusCode).toBe(401);
    const asUser = await ctx.app.inject({ method: "GET", url: "/api/admin/dashboard", headers: user.headers });
    expect(asUser.statusCode).toBe(403);
  });

  it("counts posts and users, lists the latest users and the first categories, and what needs an admin", async () => {
    const headers = await adminHeaders();
    const before = await dashboard(headers);

    const seller = await signedInUser(ctx.app, ctx.db);
    const reporter = await signedInUser(ctx.app, ctx.db);
    const ad = await createAd(ctx.db, { user_id: seller.user.id, title: "Reported canoe" });
    const pending = await createAd(ctx.db, { user_id: seller.user.id, title: "Held canoe" });
    const report = await ctx.app.inject({
      method: "POST",
      url: "/api/ad-reports",
      headers: reporter.headers,
      payload: { ad_id: ad.id, reason: "Scam, fraud or spam" },
    });
    expect(report.statusCode).toBe(201);
    await ctx.db.execute(sql`update ads set status_id = 1 where id = ${pending.id}`);
    await ctx.db.execute(sql`
      insert into ad_reports (ad_id, user_id, reason) values (${pending.id}, ${reporter.user.id}, 'Wrong category')`);
    const userReport = await ctx.app.inject({
      method: "POST",
      url: "/api/user-reports",
      headers: reporter.headers,
      payload: { reported_user_id: seller.user.id, reason: "Bullying or unwanted contact" },
    });
    expect(userReport.statusCode).toBe(201);

    const after = await dashboard(headers);
    expect(after.posts_count).toBe(before.posts_count + 2);
    expect(after.users_count).toBe(before.users_count + 2);
    expect(after.latest_users).toHaveLength(Math.min(10, after.users_count));
    expect(after.latest_users.slice(0, 2).map((user: { id: number }) => user.id)).toEqual([
      reporter.user.id,
      seller.user.id,
    ]);
    expect(after.categories).toHaveLength(DASHBOARD_CATEGORIES);
    expect(after.categories[0].subcategories[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      ads_count: expect.any(Number),
    });
    expect(after.needs_attention).toEqual({
      unresolved_ad_reports: before.needs_attention.unresolved_ad_reports + 2,
      unresolved_user_reports: before.needs_attention.unresolved_user_reports + 1,
      ads_pending_after_reports: before.needs_attention.ads_pending_after_reports + 1,
      ads_unreviewed: before.needs_attention.ads_unreviewed + 2,
    });

    // The moderation queue's mark takes an ad off the unreviewed count.
    const mark = await ctx.app.inject({
      method: "POST",
      url: `/api/admin/moderation-queue/${ad.id}/reviewed`,
      headers,
    });
    expect(mark.statusCode).toBe(200);
    expect((await dashboard(headers)).needs_attention.ads_unreviewed).toBe(before.needs_attention.ads_unreviewed + 1);
  });
});
