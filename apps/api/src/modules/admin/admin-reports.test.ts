import { ADMIN_MODERATION_MESSAGES } from "@waterside/shared/admin-moderation-messages";
import { REPORT_STATUS } from "@waterside/shared/reports-messages";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { adminAuditLog } from "../../db/schema/admin.ts";
import { adReports, userReports } from "../../db/schema/reports.ts";
import { createAd, signedInAdmin, signedInUser } from "../../test/factories.ts";
import { useTestApp } from "../../test/test-app.ts";

const ctx = useTestApp();

type Headers = Record<string, string>;
const call = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, headers: Headers = {}, payload?: object) =>
  ctx.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });

/** An ad reported by a new reporter through the public route. */
async function reportedAd() {
  const seller = await signedInUser(ctx.app, ctx.db);
  const ad = await createAd(ctx.db, { user_id: seller.user.id, title: "Reported bicycle" });
  const reporter = await signedInUser(ctx.app, ctx.db);
  const reply = await call("POST", "/ad-reports", reporter.headers, { ad_id: ad.id, reason: "Scam, fraud or spam" });
  expect(reply.statusCode).toBe(201);
  return { seller, ad, reporter, reportId: reply.json().data.id as number };
}

async function reportedUser() {
  const target = await signedInUser(ctx.app, ctx.db);
  const reporter = await signedInUser(ctx.app, ctx.db);
  const reply = await call("POST", "/user-reports", reporter.headers, {
    reported_user_id: target.user.id,
    reason: "Bullying or unwanted contact",
  });
  expect(reply.statusCode).toBe(201);
  return { target, reporter, reportId: reply.json().data.id as number };
}

const auditRows = (targetType: string, targetId: number) =>
  ctx.db
    .select()
    .from(adminAuditLog)
    .where(sql`${adminAuditLog.target_type} = ${targetType} and ${adminAuditLog.target_id} = ${targetId}`)
    .orderBy(adminAuditLog.id);

describe("admin report routes", () => {
  it("refuse visitors (401) and user tokens (403)", async () => {
    const user = await signedInUser(ctx.app, ctx.db);
    const routes = [
      ["GET", "/admin/ad-reports"],
      ["GET", "/admin/user-reports"],
      ["PATCH", "/admin/ad-report/1/status"],
      ["PATCH", "/admin/user-report/1/status"],
      ["GET", "/admin/audit-log"],
    ] as const;
    for (const [method, url] of routes) {
      const payload = method === "PATCH" ? { status_id: 2 } : undefined;
      expect((await call(method, url, {}, payload)).statusCode).toBe(401);
      const asUser = await call(method, url, user.headers, payload);
      expect(asUser.statusCode).toBe(403);
      expect(asUser.json().message).toBe("This needs an admin account.");
    }
  });

  it("list ad reports with the ad and the reporter, filtered by status, ad and reporter, and paged", async () => {
    const { headers } = await signedInAdmin(ctx.app, ctx.db);
    const first = await reportedAd();
    const second = await reportedAd();
    const byAd = await call("GET", `/admin/ad-reports?ad_id=${first.ad.id}`, headers);
    expect(byAd.statusCode).toBe(200);
    expect(byAd.json().data).toMatchObject({ total: 1, per_page: 30, current_page: 1, next_page_url: null });
    expect(byAd.json().data.data[0]).toMatchObject({
      id: first.reportId,
      ad_id: first.ad.id,
      user_id: first.reporter.user.id,
      reason: "Scam, fraud or spam",
      status_id: 1,
      status_name: "Unresolved",
      admin_response: null,
      ad: { id: first.ad.id, title: "Reported bicycle" },
      user: { id: first.reporter.user.id, name: first.reporter.user.name, email: first.reporter.user.email },
    });
    const byReporter = await call("GET", `/admin/ad-reports?user_id=${second.reporter.user.id}`, headers);
    expect(byReporter.json().data.data.map((report: { id: number }) => report.id)).toEqual([second.reportId]);

    await call("PATCH", `/admin/ad-report/${second.reportId}/status`, headers, { status_id: 2 });
    for (const status of ["2", "Under Review", "under_review", "UnderReview"]) {
      const filtered = await call("GET", `/admin/ad-reports?status=${encodeURIComponent(status)}`, headers);
      expect(filtered.statusCode).toBe(200);
      const ids = filtered.json().data.data.map((report: { id: number }) => report.id);
      expect(ids).toContain(second.reportId);
      expect(ids).not.toContain(first.reportId);
    }
    const all = await call("GET", "/admin/ad-reports?status=All&per_page=1", headers);
    expect(all.json().data).toMatchObject({ per_page: 1, current_page: 1 });
    expect(all.json().data.total).toBeGreaterThanOrEqual(2);
    // Last changed first: the report just put under review leads.
    expect(all.json().data.data[0].id).toBe(second.reportId);
    expect(all.json().data.next_page_url).toBe("/api/admin/ad-reports?per_page=1&page=2");
    const next = await call("GET", all.json().data.next_page_url.replace("/api", ""), headers);
    expect(next.json().data.current_page).toBe(2);
    expect(next.json().data.data[0].id).not.toBe(second.reportId);

    const bad = await call("GET", "/admin/ad-reports?status=Closed", headers);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.status).toEqual([ADMIN_MODERATION_MESSAGES.statusFilterInvalid]);
  });

  it("list user reports with reporter and reported user, filtered and last changed first", async () => {
    const { headers } = await signedInAdmin(ctx.app, ctx.db);
    const first = await reportedUser();
    const second = await reportedUser();
    const byReported = await call("GET", `/admin/user-reports?reported_user_id=${first.target.user.id}`, headers);
    expect(byReported.json().data.total).toBe(1);
    expect(byReported.json().data.data[0]).toMatchObject({
      id: first.reportId,
      reporter_user_id: first.reporter.user.id,
      reported_user_id: first.target.user.id,
      status_name: "Unresolved",
      reporter: { id: first.reporter.user.id, name: first.reporter.user.name, email: first.reporter.user.email },
      reported_user: { id: first.target.user.id, name: first.target.user.name, status_id: 1 },
    });
    const byReporter = await call("GET", `/admin/user-reports?reporter_user_id=${second.reporter.user.id}`, headers);
    expect(byReporter.json().data.data.map((report: { id: number }) => report.id)).toEqual([second.reportId]);

    await call("PATCH", `/admin/user-report/${first.reportId}/status`, headers, { status_id: 3 });
    const resolved = await call("GET", "/admin/user-reports?status=Resolved", headers);
    const ids = resolved.json().data.data.map((report: { id: number }) => report.id);
    expect(ids[0]).toBe(first.reportId);
    expect(ids).not.toContain(second.reportId);
  });
});

describe("report status changes (spec §4)", () => {
  it("Unresolved → Under Review → Unresolved → Resolved, each audited once with before and after", async () => {
    const { admin, headers } = await signedInAdmin(ctx.app, ctx.db);
    const { reportId } = await reportedAd();
    const url = `/admin/ad-report/${reportId}/status`;

    const review = await call("PATCH", url, headers, { status_id: 2 });
    expect(review.statusCode).toBe(200);
    expect(review.json()).toMatchObject({ message: "Updated!", data: { status_id: 2, status_name: "Under Review" } });
    const back = await call("PATCH", url, headers, { status_id: 1 });
    expect(back.json().data).toMatchObject({ status_id: 1, status_name: "Unresolved" });
    // The same status again changes nothing and records nothing.
    expect((await call("PATCH", url, headers, { status_id: 1 })).statusCode).toBe(200);
    const resolved = await call("PATCH", url, headers, { status_id: 3 });
    expect(resolved.json().data).toMatchObject({ status_id: 3, status_name: "Resolved", admin_response: null });

    const rows = await auditRows("ad_report", reportId);
    expect(rows.map(({ admin_id, action, before, after }) => ({ admin_id, action, before, after }))).toEqual([
      {
        admin_id: admin.id,
        action: "ad_report.status",
        before: { status_id: 1, admin_response: null },
        after: { status_id: 2, admin_response: null },
      },
      {
        admin_id: admin.id,
        action: "ad_report.status",
        before: { status_id: 2, admin_response: null },
        after: { status_id: 1, admin_response: null },
      },
      {
        admin_id: admin.id,
        action: "ad_report.status",
        before: { status_id: 1, admin_response: null },
        after: { status_id: 3, admin_response: null },
      },
    ]);
  });

  it("a response resolves the report whatever status_id says, and the reporter sees it under Reports", async () => {
    const { headers } = await signedInAdmin(ctx.app, ctx.db);
    const { reportId, reporter } = await reportedAd();
    const answered = await call("PATCH", `/admin/ad-report/${reportId}/status`, headers, {
      status_id: 2,
      admin_response: "  We removed the ad. Thank you.  ",
    });
    expect(answered.statusCode).toBe(200);
    expect(answered.json().data).toMatchObject({
      status_id: REPORT_STATUS.resolved,
      admin_response: "We removed the ad. Thank you.",
    });
    const [row] = await ctx.db.select().from(adReports).where(eq(adReports.id, reportId));
    expect(row).toMatchObject({ status_id: 3, admin_response: "We removed the ad. Thank you." });

    const mine = await call("GET", "/ad-reports", reporter.headers);
    expect(mine.json().data.data[0]).toMatchObject({
      id: reportId,
      status_id: 3,
      status_name: "Resolved",
      admin_response: "We removed the ad. Thank you.",
    });
    expect(await auditRows("ad_report", reportId)).toHaveLength(1);

    // A blank response is no response: the status is what status_id says.
    const other = await reportedAd();
    const blank = await call("PATCH", `/admin/ad-report/${other.reportId}/status`, headers, {
      status_id: 2,
      admin_response: "   ",
    });
    expect(blank.json().data).toMatchObject({ status_id: 2, admin_response: null });
  });

  it("Resolved is final: any change is refused with 422 and its message, and nothing is recorded", async () => {
    const { headers } = await signedInAdmin(ctx.app, ctx.db);
    const { reportId } = await reportedUser();
    const url = `/admin/user-report/${reportId}/status`;
    const answered = await call("PATCH", url, headers, { status_id: 3, admin_response: "Warned the user." });
    expect(answered.json().data).toMatchObject({ status_id: 3, admin_response: "Warned the user." });
    for (const payload of [
      { status_id: 1 },
      { status_id: 2 },
      { status_id: 3 },
      { status_id: 1, admin_response: "x" },
    ]) {
      const refused = await call("PATCH", url, headers, payload);
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual({
        message: ADMIN_MODERATION_MESSAGES.resolvedIsFinal,
        errors: { status_id: [ADMIN_MODERATION_MESSAGES.resolvedIsFinal] },
      });
    }
    const [row] = await ctx.db.select().from(userReports).where(eq(userReports.id, reportId));
    expect(row).toMatchObject({ status_id: 3, admin_response: "Warned the user." });
    const rows = await auditRows("user_report", reportId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: "user_report.status",
      before: { status_id: 1, admin_response: null },
      after: { status_id: 3, admin_response: "Warned the user." },
    });
  });

  it("refuses an unknown status (422) and an unknown report (404)", async () => {
    const { headers } = await signedInAdmin(ctx.app, ctx.db);
    const { reportId } = await reportedAd();
    for (const status_id of [0, 4, "x"]) {
      const refused = await call("PATCH", `/admin/ad-report/${reportId}/status`, headers, { status_id });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors.status_id).toEqual([ADMIN_MODERATION_MESSAGES.statusInvalid]);
    }
    expect((await call("PATCH", "/admin/ad-report/2000000000/status", headers, { status_id: 2 })).statusCode).toBe(404);
  });

  it("a report resolved lets the reporter report the ad again (the open-report index)", async () => {
    const { headers } = await signedInAdmin(ctx.app, ctx.db);
    const { reportId, reporter, ad } = await reportedAd();
    await call("PATCH", `/admin/ad-report/${reportId}/status`, headers, { status_id: 3 });
    const again = await call("POST", "/ad-reports", reporter.headers, { ad_id: ad.id, reason: "False information" });
    expect(again.statusCode).toBe(201);
  });
});

describe("the audit log", () => {
  it("lists writes newest first with the admin's name, filtered by admin and target", async () => {
    const { admin, headers } = await signedInAdmin(ctx.app, ctx.db);
    const { reportId } = await reportedAd();
    await call("PATCH", `/admin/ad-report/${reportId}/status`, headers, { status_id: 2 });
    await call("PATCH", `/admin/ad-report/${reportId}/status`, headers, { status_id: 3 });
    const log = await call("GET", `/admin/audit-log?admin_id=${admin.id}`, headers);
    expect(log.statusCode).toBe(200);
    expect(log.json().data.total).toBe(2);
    expect(log.json().data.data[0]).toMatchObject({
      admin_id: admin.id,
      admin: { id: admin.id, name: admin.name },
      action: "ad_report.status",
      target_type: "ad_report",
      target_id: reportId,
      before: { status_id: 2 },
      after: { status_id: 3 },
    });
    const byTarget = await call(
      "GET",
      `/admin/audit-log?target_type=ad_report&target_id=${reportId}&per_page=1`,
      headers,
    );
    expect(byTarget.json().data).toMatchObject({ total: 2, last_page: 2 });
    expect(byTarget.json().data.next_page_url).toContain("page=2");
  });

  it("cannot be changed or erased: the trigger refuses UPDATE and DELETE", async () => {
    const { headers } = await signedInAdmin(ctx.app, ctx.db);
    const { reportId } = await reportedAd();
    await call("PATCH", `/admin/ad-report/${reportId}/status`, headers, { status_id: 2 });
    const [row] = await auditRows("ad_report", reportId);
    await expect(
      ctx.db.execute(sql`update admin_audit_log set action = 'forged' where id = ${row!.id}`),
    ).rejects.toThrow();
    await expect(ctx.db.execute(sql`delete from admin_audit_log where id = ${row!.id}`)).rejects.toThrow();
    expect(await auditRows("ad_report", reportId)).toHaveLength(1);
  });
});
