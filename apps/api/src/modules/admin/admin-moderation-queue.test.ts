import { MODERATION_QUEUE_MESSAGES } from "@waterside/shared/admin-moderation-queue-messages";
import { AD_STATUS } from "@waterside/shared/reference-ids";
import { AD_REPORT_THRESHOLD } from "@waterside/shared/reports-messages";
import { and, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { adminAuditLog } from "../../db/schema/admin.ts";
import { moderationQueueAds } from "../../db/schema/admin.ts";
import { subcategories } from "../../db/schema/catalog.ts";
import { createAd, createUser, signedInAdmin, signedInUser } from "../../test/factories.ts";
import { multipart } from "../../test/multipart.ts";
import { useTestApp } from "../../test/test-app.ts";
import { adForm, carAdFields, findCars } from "../../test/car-ad.ts";

const ctx = useTestApp();
let adminHeaders: Record<string, string>;
let adminId: number;

beforeAll(async () => {
  const signedIn = await signedInAdmin(ctx.app, ctx.db, "Queue Admin");
  adminId = signedIn.admin.id;
  adminHeaders = signedIn.headers;
});

type QueueItem = {
  id: number;
  status: { id: number; name: string };
  reviewed_at: string | null;
  reviewed_by: { id: number; name: string } | null;
  open_reports_count: number;
};
const queue = async (query = "") => {
  const response = await ctx.app.inject({ url: `/api/admin/moderation-queue?${query}`, headers: adminHeaders });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { data: QueueItem[]; total: number; last_page: number; next_page_url: string | null };
};
const queueIds = async (query = "") => (await queue(query)).data.map((item) => item.id);
const mark = (adId: number, method: "POST" | "DELETE" = "POST") =>
  ctx.app.inject({ method, url: `/api/admin/moderation-queue/${adId}/reviewed`, headers: adminHeaders });
const auditRows = (adId: number) =>
  ctx.db
    .select()
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.target_type, "ad"), eq(adminAuditLog.target_id, adId)))
    .orderBy(adminAuditLog.id);
const adsCount = async () =>
  (await ctx.db.execute<{ count: number }>(sql`select count(*)::int as count from ads`))[0]!.count;

/** Reports by distinct users until the ad is taken offline (decision 043). */
async function reportUntilPending(adId: number) {
  for (let index = 0; index < AD_REPORT_THRESHOLD; index++) {
    const reporter = await signedInUser(ctx.app, ctx.db);
    const reply = await ctx.app.inject({
      method: "POST",
      url: "/api/ad-reports",
      headers: reporter.headers,
      payload: { ad_id: adId, reason: "Scam, fraud or spam" },
    });
    expect(reply.statusCode).toBe(201);
  }
}

describe("the moderation queue routes", () => {
  it("refuse visitors (401) and user tokens (403)", async () => {
    const { headers } = await signedInUser(ctx.app, ctx.db);
    const routes = [
      ["GET", "/api/admin/moderation-queue"],
      ["POST", "/api/admin/moderation-queue/1/reviewed"],
      ["DELETE", "/api/admin/moderation-queue/1/reviewed"],
    ] as const;
    for (const [method, url] of routes) {
      expect((await ctx.app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(401);
      expect((await ctx.app.inject({ method, url, headers })).statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

describe("GET /api/admin/moderation-queue", () => {
  it("puts ads held by reports first, then the newest ads, with exact totals and pages", async () => {
    const seller = await createUser(ctx.db);
    const older = await createAd(ctx.db, { user_id: seller.id, title: "Older lantern" });
    const held = await createAd(ctx.db, { user_id: seller.id, title: "Held lantern" });
    // Pending without an open report is not held: it keeps its place among the newest.
    const pending = await createAd(ctx.db, { user_id: seller.id, status_id: AD_STATUS.pending });
    const hidden = await createAd(ctx.db, { user_id: seller.id, status_id: AD_STATUS.hidden });
    await reportUntilPending(held.id);
    const newest = await createAd(ctx.db, { user_id: seller.id, title: "Newest lantern" });

    const first = await queue();
    expect(first.data.slice(0, 5).map((item) => item.id)).toEqual([
      held.id,
      newest.id,
      hidden.id,
      pending.id,
      older.id,
    ]);
    expect(first.data[0]).toMatchObject({
      status: { id: AD_STATUS.pending, name: "Pending" },
      open_reports_count: AD_REPORT_THRESHOLD,
      reviewed_at: null,
      reviewed_by: null,
    });
    expect(first.data[1]!.open_reports_count).toBe(0);
    expect(first.total).toBe(await adsCount());

    // A page may end the held ads and begin the newest ones; every page keeps the filter.
    const byOne = await queue("per_page=1&page=2");
    expect(byOne.data.map((item) => item.id)).toEqual([newest.id]);
    expect(byOne.last_page).toBe(first.total);
    expect(byOne.next_page_url).toBe("/api/admin/moderation-queue?per_page=1&reviewed=no&page=3");
    expect(await queueIds("per_page=2&page=2")).toEqual([hidden.id, pending.id]);
    const last = await queue(`per_page=2&page=${Math.ceil(first.total / 2)}`);
    expect(last.next_page_url).toBeNull();

    const bad = await ctx.app.inject({ url: "/api/admin/moderation-queue?reviewed=maybe", headers: adminHeaders });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe(MODERATION_QUEUE_MESSAGES.reviewedInvalid);
  });
});

describe("POST and DELETE /api/admin/moderation-queue/{ad_id}/reviewed", () => {
  it("marks an ad reviewed once, audited; the reviewed filter; the mark comes off, audited too", async () => {
    const seller = await createUser(ctx.db);
    const ad = await createAd(ctx.db, { user_id: seller.id, title: "Reviewed kettle" });
    const before = { no: await queue(), yes: await queue("reviewed=yes"), all: await queue("reviewed=all") };

    const marked = await mark(ad.id);
    expect(marked.statusCode).toBe(200);
    expect(marked.json().message).toBe(MODERATION_QUEUE_MESSAGES.marked);
    const { reviewed_at } = marked.json().data;
    expect(marked.json().data).toMatchObject({ id: ad.id, reviewed_by: { id: adminId, name: "Queue Admin" } });
    expect(Date.parse(reviewed_at)).not.toBeNaN();

    // Again: the first reviewer and time stand, and nothing more is recorded.
    const again = await mark(ad.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe(MODERATION_QUEUE_MESSAGES.alreadyMarked);
    expect(again.json().data.reviewed_at).toBe(reviewed_at);
    expect(
      (await auditRows(ad.id)).map(({ admin_id, action, before, after }) => ({ admin_id, action, before, after })),
    ).toEqual([
      {
        admin_id: adminId,
        action: "ad.mark_reviewed",
        before: null,
        after: { reviewed_by: adminId, reviewed_at },
      },
    ]);

    const no = await queue();
    expect(no.data.map((item) => item.id)).not.toContain(ad.id);
    expect(no.total).toBe(before.no.total - 1);
    const yes = await queue("reviewed=yes");
    expect(yes.data[0]).toMatchObject({ id: ad.id, reviewed_at, reviewed_by: { id: adminId, name: "Queue Admin" } });
    expect(yes.total).toBe(before.yes.total + 1);
    const all = await queue("reviewed=all");
    expect(all.data.find((item) => item.id === ad.id)).toMatchObject({ reviewed_at });
    expect(all.total).toBe(before.all.total);
    expect(all.total).toBe(no.total + yes.total);

    const unmarked = await mark(ad.id, "DELETE");
    expect(unmarked.statusCode).toBe(200);
    expect(unmarked.json().message).toBe(MODERATION_QUEUE_MESSAGES.unmarked);
    expect(unmarked.json().data).toMatchObject({ id: ad.id, reviewed_at: null, reviewed_by: null });
    const unmarkedAgain = await mark(ad.id, "DELETE");
    expect(unmarkedAgain.statusCode).toBe(200);
    expect(unmarkedAgain.json().message).toBe(MODERATION_QUEUE_MESSAGES.notMarked);
    const rows = await auditRows(ad.id);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({
      action: "ad.unmark_reviewed",
      before: { reviewed_by: adminId, reviewed_at },
      after: null,
    });
    expect(await queueIds()).toContain(ad.id);

    expect((await mark(999_999)).statusCode).toBe(404);
    expect((await mark(999_999, "DELETE")).statusCode).toBe(404);
  });

  it("takes a posted ad in, unreviewed, with its posting", async () => {
    const cars = await findCars(ctx.db);
    const { headers } = await signedInUser(ctx.app, ctx.db);
    const pictures = await Promise.all(
      ["#ff0000", "#00ff00", "#0000ff"].map(async (color) => ({
        body: await sharp({ create: { width: 64, height: 48, channels: 3, background: color } })
          .png()
          .toBuffer(),
        name: "photo.png",
      })),
    );
    const form = adForm(
      carAdFields(cars, { title: "Freshly posted pickup", description: "Runs well, papers complete." }),
      pictures,
    );
    const body = await multipart(form);
    const posted = await ctx.app.inject({
      method: "POST",
      url: "/api/ads/create",
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const adId = posted.json().data.id as number;
    const [entry] = await ctx.db.select().from(moderationQueueAds).where(eq(moderationQueueAds.ad_id, adId));
    expect(entry).toEqual({ ad_id: adId, reviewed_by: null, reviewed_at: null });
    expect(await queueIds()).toContain(adId);
  });

  it("an owner's edit brings the ad back to the queue, and so do reports that take it offline", async () => {
    const [cars] = await ctx.db
      .select({ id: subcategories.id, category_id: subcategories.category_id })
      .from(subcategories)
      .where(eq(subcategories.name, "Cars"));
    const { user: seller, headers } = await signedInUser(ctx.app, ctx.db);
    const ad = await createAd(ctx.db, {
      user_id: seller.id,
      subcategory_id: cars!.id,
      title: "Edited pickup",
      images: 2,
    });
    const [first, second] = await ctx.db.execute<{ id: number }>(
      sql`select id from ad_images where ad_id = ${ad.id} order by "order"`,
    );
    const edit = (price: number) =>
      ctx.app.inject({
        method: "PATCH",
        url: `/api/ads/${ad.id}`,
        headers,
        payload: {
          title: "Edited pickup",
          category_id: cars!.category_id,
          subcategory_id: cars!.id,
          location: "Sinkor, Montserrado",
          price,
          description: "Runs well, new tyres.",
          attributes: { Brand: "Toyota", Year: "2014", Condition: "Foreign Used", Transmission: "Automatic" },
          images: {
            update: [
              { id: first!.id, order: 0 },
              { id: second!.id, order: 1 },
            ],
          },
        },
      });

    expect((await mark(ad.id)).statusCode).toBe(200);
    // A refused edit changes nothing, the mark included.
    expect((await edit(-1)).statusCode).toBe(422);
    expect(await queueIds("reviewed=yes")).toContain(ad.id);

    const edited = await edit(7200);
    expect(edited.statusCode, edited.body).toBe(200);
    const [entry] = await ctx.db.select().from(moderationQueueAds).where(eq(moderationQueueAds.ad_id, ad.id));
    expect(entry).toEqual({ ad_id: ad.id, reviewed_by: null, reviewed_at: null });
    expect(await queueIds()).toContain(ad.id);
    expect(await queueIds("reviewed=yes")).not.toContain(ad.id);
    // Not an admin's write: the log keeps only the mark.
    expect((await auditRows(ad.id)).map((row) => row.action)).toEqual(["ad.mark_reviewed"]);

    const reported = await createAd(ctx.db, { user_id: seller.id, title: "Reported pickup" });
    expect((await mark(reported.id)).statusCode).toBe(200);
    await reportUntilPending(reported.id);
    const [top] = (await queue()).data;
    expect(top).toMatchObject({ id: reported.id, status: { id: AD_STATUS.pending }, reviewed_at: null });
  });
});
