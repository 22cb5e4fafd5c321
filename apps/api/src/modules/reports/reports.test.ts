import { AD_STATUS, USER_STATUS } from "@waterside/shared/reference-ids";
import { REPORT_REASONS, REPORT_STATUS } from "@waterside/shared/reports-messages";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { admins } from "../../db/schema/admin-auth.ts";
import { ads } from "../../db/schema/ads.ts";
import { adReports, userReports } from "../../db/schema/reports.ts";
import { users } from "../../db/schema/users.ts";
import { ensureAdmin } from "../admin-auth/create-admin.ts";
import { authHeaders, createAd, createUser, signedInUser } from "../../test/factories.ts";
import { useTestApp } from "../../test/test-app.ts";

const ctx = useTestApp();

type Headers = Record<string, string>;
const person = () => signedInUser(ctx.app, ctx.db);
const call = (method: "GET" | "POST", path: string, headers: Headers = {}, payload?: object) =>
  ctx.app.inject({ method, url: `/api${path}`, headers, ...(payload ? { payload } : {}) });
const reportAd = (headers: Headers, adId: number, reason: unknown = "Scam, fraud or spam") =>
  call("POST", "/ad-reports", headers, { ad_id: adId, reason });
const reportUser = (headers: Headers, userId: number, reason: unknown = "Bullying or unwanted contact") =>
  call("POST", "/user-reports", headers, { reported_user_id: userId, reason });
const adReportRows = (adId: number) => ctx.db.select().from(adReports).where(eq(adReports.ad_id, adId));

/** A seller with one active ad. */
async function sellerWithAd() {
  const seller = await person();
  return { seller, ad: await createAd(ctx.db, { user_id: seller.user.id }) };
}

describe("who may report (spec §6)", () => {
  it("needs a signed-in user: 401 for a visitor, 403 for an admin token, 401 for a banned or deleted account", async () => {
    const { ad } = await sellerWithAd();
    const target = await createUser(ctx.db);
    const requests = [
      ["POST", "/ad-reports", { ad_id: ad.id, reason: "False information" }],
      ["POST", "/user-reports", { reported_user_id: target.id, reason: "False information" }],
      ["GET", "/ad-reports", undefined],
      ["GET", "/user-reports", undefined],
    ] as const;

    await ensureAdmin(ctx.db, { email: "admin@reports.test", password: "admin-password", name: "Admin" });
    const [admin] = await ctx.db.select().from(admins).where(eq(admins.email, "admin@reports.test"));
    const adminHeaders = await authHeaders(ctx.app, { kind: "admin", adminId: admin!.id });
    const banned = await person();
    await ctx.db.update(users).set({ status_id: USER_STATUS.banned }).where(eq(users.id, banned.user.id));
    const deleted = await person();
    await ctx.db.update(users).set({ deleted_at: new Date() }).where(eq(users.id, deleted.user.id));

    for (const [method, path, payload] of requests) {
      const visitor = await call(method, path, {}, payload);
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json().message).toBe("Please log in to continue.");
      expect((await call(method, path, adminHeaders, payload)).statusCode).toBe(403);
      const bannedReply = await call(method, path, banned.headers, payload);
      expect(bannedReply.statusCode).toBe(401);
      expect(bannedReply.json().message).toBe(
        "Your account has been suspended. Contact support if you think this is a mistake.",
      );
      expect((await call(method, path, deleted.headers, payload)).statusCode).toBe(401);
    }
    expect(await adReportRows(ad.id)).toEqual([]);
  });

  it("refuses reporting one's own ad or oneself (422, in words), and nothing is stored", async () => {
    const { seller, ad } = await sellerWithAd();
    const ownAd = await reportAd(seller.headers, ad.id);
    expect(ownAd.statusCode).toBe(422);
    expect(ownAd.json()).toEqual({
      message: "You cannot report your own ad.",
      errors: { ad_id: ["You cannot report your own ad."] },
    });
    const self = await reportUser(seller.headers, seller.user.id);
    expect(self.statusCode).toBe(422);
    expect(self.json()).toEqual({
      message: "You cannot report yourself.",
      errors: { reported_user_id: ["You cannot report yourself."] },
    });
    expect(await adReportRows(ad.id)).toEqual([]);
    expect(await ctx.db.select().from(userReports).where(eq(userReports.reporter_user_id, seller.user.id))).toEqual([]);
  });

  it("answers 404 for an ad or a user the public cannot see, and 422 for a missing target", async () => {
    const reporter = await person();
    const { ad: hidden } = await sellerWithAd();
    await ctx.db.update(ads).set({ status_id: AD_STATUS.hidden }).where(eq(ads.id, hidden.id));
    for (const adId of [hidden.id, 2_000_000_000]) {
      const reply = await reportAd(reporter.headers, adId);
      expect(reply.statusCode).toBe(404);
      expect(reply.json().message).toBe("Ad not found.");
    }
    const banned = await createUser(ctx.db, { status_id: USER_STATUS.banned });
    const deleted = await createUser(ctx.db, { deleted_at: new Date() });
    for (const userId of [banned.id, deleted.id, 2_000_000_000]) {
      const reply = await reportUser(reporter.headers, userId);
      expect(reply.statusCode).toBe(404);
      expect(reply.json().message).toBe("User not found.");
    }
    const noAd = await call("POST", "/ad-reports", reporter.headers, { reason: "False information" });
    expect(noAd.statusCode).toBe(422);
    expect(noAd.json().errors.ad_id).toEqual(["Choose an ad to report."]);
    const noUser = await call("POST", "/user-reports", reporter.headers, { reason: "False information" });
    expect(noUser.json().errors.reported_user_id).toEqual(["Choose a user to report."]);
  });
});

describe("the reason (spec §5)", () => {
  it("takes every listed reason but 'Other', stored in the list's spelling whatever the letter case", async () => {
    const reporter = await person();
    for (const reason of REPORT_REASONS.filter((reason) => reason !== "Other")) {
      const { ad } = await sellerWithAd();
      const reply = await reportAd(reporter.headers, ad.id, reason.toUpperCase().replace("'", "’"));
      expect(reply.statusCode).toBe(201);
      expect(reply.json().data.reason).toBe(reason);
    }
  });

  it("refuses a missing or blank reason, 'Other' without words, and words too short or too long", async () => {
    const reporter = await person();
    const { ad } = await sellerWithAd();
    const cases: Array<[unknown, string]> = [
      [undefined, "Please choose a reason."],
      ["   ", "Please choose a reason."],
      [42, "Please choose a reason."],
      ["Other", "Please tell us what is wrong in your own words."],
      [" other ", "Please tell us what is wrong in your own words."],
      ["no", "Please describe the problem in at least 3 characters."],
      ["x".repeat(501), "A reason can be at most 500 characters."],
    ];
    for (const [reason, message] of cases) {
      const body = reason === undefined ? { ad_id: ad.id } : { ad_id: ad.id, reason };
      const reply = await call("POST", "/ad-reports", reporter.headers, body);
      expect(reply.statusCode, String(reason)).toBe(422);
      expect(reply.json()).toEqual({ message, errors: { reason: [message] } });
      const userReply = await call("POST", "/user-reports", reporter.headers, {
        ...body,
        ad_id: undefined,
        reported_user_id: ad.user_id,
      });
      expect(userReply.json().errors.reason).toEqual([message]);
    }
    expect(await adReportRows(ad.id)).toEqual([]);
  });

  it("takes the reporter's own words as an 'Other' reason, trimmed", async () => {
    const reporter = await person();
    const { seller, ad } = await sellerWithAd();
    const words = "He asked me to pay with a gift card first.";
    const reply = await reportAd(reporter.headers, ad.id, `  ${words}  `);
    expect(reply.statusCode).toBe(201);
    expect(reply.json().data.reason).toBe(words);
    const userReply = await reportUser(reporter.headers, seller.user.id, "x".repeat(500));
    expect(userReply.statusCode).toBe(201);
  });
});

describe("reporting an ad", () => {
  it("stores the report (201 'Reported!') in the spec's shape with the ad's title and address", async () => {
    const reporter = await person();
    const { ad } = await sellerWithAd();
    const reply = await reportAd(reporter.headers, ad.id, "Scam, fraud or spam");
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toEqual({
      message: "Reported!",
      data: {
        id: expect.any(Number),
        ad_id: ad.id,
        reason: "Scam, fraud or spam",
        admin_response: null,
        status_id: 1,
        status_name: "Unresolved",
        created_at: expect.any(String),
        updated_at: expect.any(String),
        ad: {
          id: ad.id,
          title: ad.title,
          category_id: ad.category_id,
          subcategory_id: ad.subcategory_id,
          is_visible: true,
        },
      },
    });
    const [row] = await adReportRows(ad.id);
    expect(row).toMatchObject({ user_id: reporter.user.id, status_id: REPORT_STATUS.unresolved });
  });

  it("answers a repeat with the open report (200, said so) and never stores a second row, even in parallel", async () => {
    const reporter = await person();
    const { ad } = await sellerWithAd();
    const first = await reportAd(reporter.headers, ad.id);
    const again = await reportAd(reporter.headers, ad.id, "False information");
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe("You have already reported this ad. We are looking into it.");
    expect(again.json().data).toEqual(first.json().data);
    expect(await adReportRows(ad.id)).toHaveLength(1);

    // Two taps, two devices: one row, and every reply names it.
    const { ad: other } = await sellerWithAd();
    const replies = await Promise.all(Array.from({ length: 6 }, () => reportAd(reporter.headers, other.id)));
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    const rows = await adReportRows(other.id);
    expect(rows).toHaveLength(1);
    expect(new Set(replies.map((reply) => reply.json().data.id))).toEqual(new Set([rows[0]!.id]));
  });

  it("takes a new report once the reporter's earlier one is resolved", async () => {
    const reporter = await person();
    const { ad } = await sellerWithAd();
    const first = (await reportAd(reporter.headers, ad.id)).json().data;
    await ctx.db.update(adReports).set({ status_id: REPORT_STATUS.resolved }).where(eq(adReports.id, first.id));
    const second = await reportAd(reporter.headers, ad.id);
    expect(second.statusCode).toBe(201);
    expect(second.json().data.id).not.toBe(first.id);
    expect(await adReportRows(ad.id)).toHaveLength(2);
  });
});

describe("reporting a user", () => {
  it("stores the report with the reported user's name; a repeat is answered with it, in parallel too", async () => {
    const reporter = await person();
    const target = await createUser(ctx.db);
    const reply = await reportUser(reporter.headers, target.id);
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toEqual({
      message: "Reported!",
      data: {
        id: expect.any(Number),
        reporter_user_id: reporter.user.id,
        reported_user_id: target.id,
        reason: "Bullying or unwanted contact",
        admin_response: null,
        status_id: 1,
        status_name: "Unresolved",
        created_at: expect.any(String),
        updated_at: expect.any(String),
        reported_user: { id: target.id, name: target.name, is_visible: true },
      },
    });
    const again = await reportUser(reporter.headers, target.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe("You have already reported this user. We are looking into it.");
    expect(again.json().data.id).toBe(reply.json().data.id);

    const other = await createUser(ctx.db);
    const replies = await Promise.all(Array.from({ length: 6 }, () => reportUser(reporter.headers, other.id)));
    expect(replies.map((one) => one.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    const rows = await ctx.db
      .select()
      .from(userReports)
      .where(and(eq(userReports.reporter_user_id, reporter.user.id), eq(userReports.reported_user_id, other.id)));
    expect(rows).toHaveLength(1);
  });

  it("limits new reports to 20 an hour per user, ads and users together", async () => {
    const reporter = await person();
    const { ad } = await sellerWithAd();
    expect((await reportAd(reporter.headers, ad.id)).statusCode).toBe(201);
    for (let index = 1; index < 20; index += 1) {
      expect((await reportUser(reporter.headers, (await createUser(ctx.db)).id)).statusCode).toBe(201);
    }
    const over = await reportUser(reporter.headers, (await createUser(ctx.db)).id);
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    // Reading one's reports is not limited.
    expect((await call("GET", "/user-reports", reporter.headers)).statusCode).toBe(200);
  });
});

describe("the caller's reports (profile Reports tab)", () => {
  it("pages ad reports newest first with current_page and next_page_url, status_name and admin_response", async () => {
    const reporter = await person();
    const stranger = await person();
    const reported: number[] = [];
    for (let index = 0; index < 12; index += 1) {
      const { ad } = await sellerWithAd();
      reported.push((await reportAd(reporter.headers, ad.id)).json().data.id);
      if (index === 0) await reportAd(stranger.headers, ad.id);
    }
    await ctx.db
      .update(adReports)
      .set({ status_id: REPORT_STATUS.underReview, admin_response: "We are checking this seller." })
      .where(eq(adReports.id, reported[11]!));
    await ctx.db
      .update(adReports)
      .set({ status_id: REPORT_STATUS.resolved, admin_response: "The ad was removed." })
      .where(eq(adReports.id, reported[10]!));

    const first = await call("GET", "/ad-reports", reporter.headers);
    expect(first.statusCode).toBe(200);
    const page1 = first.json().data;
    expect(page1).toMatchObject({
      current_page: 1,
      per_page: 10,
      total: 12,
      last_page: 2,
      next_page_url: "/api/ad-reports?page=2",
    });
    expect(page1.data.map((report: { id: number }) => report.id)).toEqual(reported.slice(2).reverse());
    expect(page1.data[0]).toMatchObject({
      status_id: 2,
      status_name: "Under Review",
      admin_response: "We are checking this seller.",
    });
    expect(page1.data[1]).toMatchObject({
      status_id: 3,
      status_name: "Resolved",
      admin_response: "The ad was removed.",
    });
    expect(page1.data[2]).toMatchObject({ status_id: 1, status_name: "Unresolved", admin_response: null });

    const page2 = (await call("GET", "/ad-reports?page=2", reporter.headers)).json().data;
    expect(page2).toMatchObject({ current_page: 2, next_page_url: null });
    expect(page2.data.map((report: { id: number }) => report.id)).toEqual(reported.slice(0, 2).reverse());

    // Another user's reports are never listed, and nobody else's show in theirs.
    const theirs = (await call("GET", "/ad-reports", stranger.headers)).json().data;
    expect(theirs.total).toBe(1);
    expect(theirs.data[0].id).not.toBe(reported[0]);
    expect((await call("GET", "/user-reports", reporter.headers)).json().data).toMatchObject({
      data: [],
      total: 0,
      next_page_url: null,
    });
    expect((await call("GET", "/ad-reports?page=0", reporter.headers)).statusCode).toBe(422);
  });

  it("lists user reports with the reported user's name, only the caller's", async () => {
    const reporter = await person();
    const stranger = await person();
    const target = await createUser(ctx.db);
    await reportUser(reporter.headers, target.id, "Scam, fraud or spam");
    await reportUser(stranger.headers, target.id);
    const list = (await call("GET", "/user-reports", reporter.headers)).json().data;
    expect(list).toMatchObject({ current_page: 1, total: 1, next_page_url: null });
    expect(list.data).toEqual([
      expect.objectContaining({
        reporter_user_id: reporter.user.id,
        reported_user_id: target.id,
        reason: "Scam, fraud or spam",
        status_name: "Unresolved",
        reported_user: { id: target.id, name: target.name, is_visible: true },
      }),
    ]);
  });
});

describe("an ad reported by 5 distinct users (decision 043)", () => {
  const listed = async (sellerId: number) =>
    (await call("POST", "/ads/get", {}, { user_id: sellerId })).json().data.data.map((ad: { id: number }) => ad.id);
  const statusOf = async (adId: number) =>
    (await ctx.db.select({ status_id: ads.status_id }).from(ads).where(eq(ads.id, adId)))[0]!.status_id;

  it("stays public with 4 reports; the 5th takes it out of lists and its page for all but its seller", async () => {
    const { seller, ad } = await sellerWithAd();
    const reporters = await Promise.all(Array.from({ length: 6 }, () => person()));
    for (const reporter of reporters.slice(0, 4))
      expect((await reportAd(reporter.headers, ad.id)).statusCode).toBe(201);
    // A repeat by one of them is not a new reporter.
    expect((await reportAd(reporters[0]!.headers, ad.id)).statusCode).toBe(200);
    expect(await statusOf(ad.id)).toBe(AD_STATUS.active);
    expect(await listed(seller.user.id)).toEqual([ad.id]);
    expect((await call("GET", `/ads/id/${ad.id}`)).statusCode).toBe(200);

    expect((await reportAd(reporters[4]!.headers, ad.id)).statusCode).toBe(201);
    expect(await statusOf(ad.id)).toBe(AD_STATUS.pending);
    await expect.poll(() => listed(seller.user.id)).toEqual([]);
    expect((await call("GET", `/ads/id/${ad.id}`)).statusCode).toBe(404);
    expect((await call("GET", `/ads/id/${ad.id}`, reporters[0]!.headers)).statusCode).toBe(404);
    const own = await call("GET", `/ads/id/${ad.id}`, seller.headers);
    expect(own.statusCode).toBe(200);
    expect(own.json().data.status_id).toBe(AD_STATUS.pending);

    // The reporters' lists say the ad is no longer public; a sixth user finds nothing to report.
    const mine = (await call("GET", "/ad-reports", reporters[0]!.headers)).json().data.data[0];
    expect(mine.ad).toMatchObject({ id: ad.id, is_visible: false });
    expect((await reportAd(reporters[5]!.headers, ad.id)).statusCode).toBe(404);
    expect((await reportAd(reporters[0]!.headers, ad.id)).statusCode).toBe(200);
  });

  it("crosses the threshold once when the reports arrive together", async () => {
    const { ad } = await sellerWithAd();
    const reporters = await Promise.all(Array.from({ length: 5 }, () => person()));
    const replies = await Promise.all(reporters.map((reporter) => reportAd(reporter.headers, ad.id)));
    expect(replies.map((reply) => reply.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(await statusOf(ad.id)).toBe(AD_STATUS.pending);
  });

  it("counts only open reports: a resolved one no longer weighs", async () => {
    const { ad } = await sellerWithAd();
    const reporters = await Promise.all(Array.from({ length: 5 }, () => person()));
    for (const reporter of reporters.slice(0, 4)) await reportAd(reporter.headers, ad.id);
    // An admin resolved one of them: four distinct reporters remain, the fifth report makes four open ones.
    await ctx.db
      .update(adReports)
      .set({ status_id: REPORT_STATUS.resolved })
      .where(and(eq(adReports.ad_id, ad.id), eq(adReports.user_id, reporters[0]!.user.id)));
    await reportAd(reporters[4]!.headers, ad.id);
    expect(await statusOf(ad.id)).toBe(AD_STATUS.active);
    expect((await reportAd(reporters[0]!.headers, ad.id)).statusCode).toBe(201);
    expect(await statusOf(ad.id)).toBe(AD_STATUS.pending);
  });
});
