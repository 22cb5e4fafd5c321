import { readdir } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { AD_LIFECYCLE_MESSAGES, RENEW_WINDOW_DAYS, SOLD_PAGE_DAYS } from "@waterside/shared/ad-lifecycle";
import { AD_STATUS } from "@waterside/shared/reference-ids";
import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { describe, expect, inject, it } from "vitest";
import { moderationQueueAds } from "../../db/schema/admin.ts";
import { adAttributeValues, adImages, ads } from "../../db/schema/ads.ts";
import { categories, subcategories } from "../../db/schema/catalog.ts";
import { packages, subscriptions } from "../../db/schema/payments.ts";
import { createDomainEvents } from "../../lib/domain-events.ts";
import { createAd, createUser, signedInAdmin, signedInUser } from "../../test/factories.ts";
import { multipart } from "../../test/multipart.ts";
import { useTestApp } from "../../test/test-app.ts";
import { createAdScreening } from "../ad-screening/ad-screening.service.ts";
import { createPriceGuide } from "../ads/price-guide.ts";
import { createAdLifecycle } from "./ad-lifecycle.service.ts";
import { adForm, carAdFields, findCars } from "../../test/car-ad.ts";

const ctx = useTestApp();
const DAY = 86_400_000;
type Headers = Record<string, string>;

/** The jobs' work on the test's database, as the queue's worker runs it. */
const lifecycle = () =>
  createAdLifecycle({
    db: ctx.db,
    storage: ctx.storage,
    events: createDomainEvents(console),
    mediaBaseUrl: "/media",
    publicUrl: "https://waterside.test",
    screening: createAdScreening({ db: ctx.db, priceGuide: createPriceGuide(ctx.db) }),
  });

const call = (method: "GET" | "POST", url: string, headers: Headers = {}, payload?: object) =>
  ctx.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
const setAd = (adId: number, values: Partial<typeof ads.$inferInsert>) =>
  ctx.db.update(ads).set(values).where(eq(ads.id, adId));
const adRow = async (adId: number) => (await ctx.db.select().from(ads).where(eq(ads.id, adId)))[0]!;
const inDays = (days: number) => new Date(Date.now() + days * DAY);

async function sellerWithAd(values: Partial<typeof ads.$inferInsert> = {}, subcategoryId = 1) {
  const seller = await signedInUser(ctx.app, ctx.db);
  const ad = await createAd(ctx.db, { user_id: seller.user.id, subcategory_id: subcategoryId, ...values });
  return { ...seller, ad };
}

const titlesOf = (response: LightMyRequestResponse) =>
  response.json<{ data: { data: Array<{ title: string }> } }>().data.data.map((ad) => ad.title);

describe("posting sets expires_at from the category", () => {
  it("gives a posted ad its category's expiry_days, which edits, admins' status changes and the category's later changes do not move; My Ads and the page carry it", async () => {
    const cars = await findCars(ctx.db);
    await ctx.db.update(categories).set({ expiry_days: 45 }).where(eq(categories.id, cars.category_id));
    const { headers } = await signedInUser(ctx.app, ctx.db);
    const pictures = await Promise.all(
      ["#ff0000", "#00ff00"].map(async (color) => ({
        body: await sharp({ create: { width: 64, height: 48, channels: 3, background: color } })
          .png()
          .toBuffer(),
        name: "photo.png",
      })),
    );
    const fields = carAdFields(cars, {
      title: "Honda Fit 2012 with fresh expiry",
      price: "4200",
      description: "Clean car, papers complete.",
      "attributes[Brand]": "Honda",
      "attributes[Year]": "2012",
    });
    const form = adForm(fields, pictures);
    const body = await multipart(form);
    const created = await ctx.app.inject({
      method: "POST",
      url: "/api/ads/create",
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    expect(created.statusCode).toBe(201);
    const ad = created.json().data;
    const expiresIn = new Date(ad.expires_at).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(45 * DAY - 60_000);
    expect(expiresIn).toBeLessThanOrEqual(45 * DAY);
    expect(ad.sold_at).toBeNull();

    // The seller's edit and an admin hiding and showing it again leave its expiry where it was.
    const edit = new FormData();
    for (const [key, value] of Object.entries({ ...fields, price: "4000", _method: "patch" })) edit.append(key, value);
    ad.images.forEach((image: { id: number }, order: number) => {
      edit.append(`images[update][${order}][id]`, String(image.id));
      edit.append(`images[update][${order}][order]`, String(order));
    });
    const editBody = await multipart(edit);
    const edited = await ctx.app.inject({
      method: "POST",
      url: `/api/ads/${ad.id}`,
      headers: { ...headers, ...editBody.headers },
      payload: editBody.payload,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ price: 4000, expires_at: ad.expires_at });
    const admin = await signedInAdmin(ctx.app, ctx.db);
    for (const status of ["Hidden", "Active"]) {
      const changed = await call("POST", `/admin/ads/${ad.id}/${status}`, admin.headers, {
        _method: "patch",
        ad_id: ad.id,
        status_name: status,
      });
      expect(changed.statusCode, status).toBe(200);
    }
    // The page carries it; a later change of the category's expiry does not move it.
    await ctx.db.update(categories).set({ expiry_days: 30 }).where(eq(categories.id, cars!.category_id));
    const page = await call("GET", `/ads/id/${ad.id}`);
    expect(page.json().data).toMatchObject({ expires_at: ad.expires_at, sold_at: null });
    const mine = await call("GET", "/ads/mine", headers);
    expect(mine.json().data.data[0]).toMatchObject({ id: ad.id, expires_at: ad.expires_at, sold_at: null });
  });
});

describe("POST /ads/{id}/renew", () => {
  it("renews an active ad in its last days from its expiry, and refuses earlier with 409", async () => {
    const { headers, ad } = await sellerWithAd({ expires_at: inDays(RENEW_WINDOW_DAYS + 1) });
    const early = await call("POST", `/ads/${ad.id}/renew`, headers);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(AD_LIFECYCLE_MESSAGES.renewTooEarly);

    const expiry = inDays(2);
    await setAd(ad.id, { expires_at: expiry });
    const renewed = await call("POST", `/ads/${ad.id}/renew`, headers);
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().message).toBe(AD_LIFECYCLE_MESSAGES.renewed);
    // The days the seller had are kept: 30 more from the old expiry.
    const moved = new Date(renewed.json().data.expires_at).getTime();
    expect(Math.abs(moved - (expiry.getTime() + 30 * DAY))).toBeLessThan(1000);
    expect((await adRow(ad.id)).status_id).toBe(AD_STATUS.active);
  });

  it("makes an expired ad active again from now, back in the moderation queue unreviewed", async () => {
    const { headers, ad } = await sellerWithAd({ status_id: AD_STATUS.expired, expires_at: inDays(-10) });
    const { admin } = await signedInAdmin(ctx.app, ctx.db);
    await ctx.db
      .update(moderationQueueAds)
      .set({ reviewed_by: admin.id, reviewed_at: new Date() })
      .where(eq(moderationQueueAds.ad_id, ad.id));
    const renewed = await call("POST", `/ads/${ad.id}/renew`, headers);
    expect(renewed.statusCode).toBe(200);
    const row = await adRow(ad.id);
    expect(row.status_id).toBe(AD_STATUS.active);
    expect(Math.abs(row.expires_at.getTime() - (Date.now() + 30 * DAY))).toBeLessThan(60_000);
    const [queued] = await ctx.db.select().from(moderationQueueAds).where(eq(moderationQueueAds.ad_id, ad.id));
    expect(queued!.reviewed_at).toBeNull();
  });

  it("refuses other statuses with 409, another user with 403 and an unknown ad with 404", async () => {
    for (const status of [AD_STATUS.pending, AD_STATUS.hidden, AD_STATUS.sold]) {
      const { headers, ad } = await sellerWithAd({ status_id: status, expires_at: inDays(1) });
      const refused = await call("POST", `/ads/${ad.id}/renew`, headers);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(AD_LIFECYCLE_MESSAGES.renewNotAllowed);
    }
    const { ad } = await sellerWithAd({ expires_at: inDays(1) });
    const stranger = await signedInUser(ctx.app, ctx.db);
    expect((await call("POST", `/ads/${ad.id}/renew`, stranger.headers)).statusCode).toBe(403);
    expect((await call("POST", `/ads/999999999/renew`, stranger.headers)).statusCode).toBe(404);
    expect((await call("POST", `/ads/${ad.id}/renew`)).statusCode).toBe(401);
  });
});

describe("the expiry job", () => {
  it("expires due ads at once out of every list, cached pages and suggestions, the page gone for visitors only", async () => {
    const subcategoryId = 9;
    const { headers, ad } = await sellerWithAd(
      { title: "Zanzibar expiring fridge", expires_at: inDays(1) },
      subcategoryId,
    );
    const listing = { subcategory_id: subcategoryId, sort_combined: "created_at|desc" };
    const list = () => call("POST", "/ads/get", {}, listing);
    expect(titlesOf(await list())).toContain("Zanzibar expiring fridge");
    // Read twice: the second answer is the cached page.
    expect(titlesOf(await list())).toContain("Zanzibar expiring fridge");

    // Not due yet: nothing happens.
    expect(await lifecycle().expireDue()).toBe(0);
    await setAd(ad.id, { expires_at: inDays(-0.001) });
    // The app's own scheduled run may come first: either way the ad is expired once.
    await lifecycle().expireDue();
    expect((await adRow(ad.id)).status_id).toBe(AD_STATUS.expired);

    await expect.poll(async () => titlesOf(await list())).not.toContain("Zanzibar expiring fridge");
    const suggestions = await call("GET", "/ads/search?search=zanzibar");
    expect(suggestions.json().data).toEqual([]);
    expect((await call("GET", `/ads/id/${ad.id}`)).statusCode).toBe(404);
    expect((await call("GET", `/ads/id/${ad.id}/availability`)).json().data.state).toBe("gone");
    const own = await call("GET", `/ads/id/${ad.id}`, headers);
    expect(own.statusCode).toBe(200);
    expect(own.json().data.status).toEqual({ id: AD_STATUS.expired, name: "Expired" });

    const mine = (await call("GET", "/ads/mine?status=expired", headers)).json().data;
    expect(mine.data.map((item: { id: number }) => item.id)).toEqual([ad.id]);
    expect(mine.counts).toMatchObject({ all: 1, active: 0, expired: 1, sold: 0 });
  });

  it("expires in batches, each ad once, with two processes at once", async () => {
    const seller = await createUser(ctx.db);
    const due = await Promise.all(
      Array.from({ length: 7 }, () => createAd(ctx.db, { user_id: seller.id, expires_at: inDays(-1) })),
    );
    const [first, second] = await Promise.all([lifecycle().expireDue(2), lifecycle().expireDue(2)]);
    // Each ad is counted by the one process that expired it (the app's scheduled run may take some too).
    expect(first! + second!).toBeLessThanOrEqual(due.length);
    for (const ad of due) expect((await adRow(ad.id)).status_id).toBe(AD_STATUS.expired);
    expect(await lifecycle().expireDue()).toBe(0);
  });

  it("lets a running boost outlive the expiry: the ad expires when its boost ends", async () => {
    const { ad, user } = await sellerWithAd({ expires_at: inDays(-0.01) });
    const [boostPackage] = await ctx.db.insert(packages).values({ name: "Boost", price: 5, type: "ad" }).returning();
    const boostEnd = inDays(5);
    const [boost] = await ctx.db
      .insert(subscriptions)
      .values({
        user_id: user.id,
        ad_id: ad.id,
        package_id: boostPackage!.id,
        type: "ad",
        status: "active",
        start_date: inDays(-2),
        end_date: boostEnd,
      })
      .returning();
    await lifecycle().expireDue();
    const row = await adRow(ad.id);
    expect(row.status_id).toBe(AD_STATUS.active);
    expect(row.expires_at.getTime()).toBe(boostEnd.getTime());

    // The boost ends (payments ends it): the ad's time is up with it.
    await ctx.db
      .update(subscriptions)
      .set({ end_date: inDays(-0.001), status: "expired" })
      .where(eq(subscriptions.id, boost!.id));
    await setAd(ad.id, { expires_at: inDays(-0.001) });
    await lifecycle().expireDue();
    expect((await adRow(ad.id)).status_id).toBe(AD_STATUS.expired);
  });
});

describe("POST /ads/{id}/sold", () => {
  it("marks an ad sold with a buyer who chatted about it; its page stays readable, its chat open, Saved Items shows it", async () => {
    const { headers, ad, user } = await sellerWithAd({ title: "Sold deep freezer" });
    const buyer = await signedInUser(ctx.app, ctx.db);
    const chat = await call("POST", "/chats", buyer.headers, {
      recieverId: user.id,
      firstMessage: "Is the freezer available?",
      productId: ad.id,
    });
    expect(chat.statusCode).toBe(201);
    expect((await call("POST", "/ads/saved", buyer.headers, { ad_id: ad.id })).statusCode).toBe(201);

    const stranger = await signedInUser(ctx.app, ctx.db);
    const notInChat = await call("POST", `/ads/${ad.id}/sold`, headers, { buyer_user_id: stranger.user.id });
    expect(notInChat.statusCode).toBe(422);
    expect(notInChat.json().message).toBe(AD_LIFECYCLE_MESSAGES.buyerNotInChat);
    expect((await call("POST", `/ads/${ad.id}/sold`, stranger.headers, {})).statusCode).toBe(403);

    const sold = await call("POST", `/ads/${ad.id}/sold`, headers, { buyer_user_id: buyer.user.id });
    expect(sold.statusCode).toBe(200);
    expect(sold.json().message).toBe(AD_LIFECYCLE_MESSAGES.markedSold);
    expect(sold.json().data).toMatchObject({ id: ad.id, status: { id: AD_STATUS.sold, name: "Sold" } });
    expect(sold.json().data.sold_at).toEqual(expect.stringMatching(/^\d{4}-/));
    const row = await adRow(ad.id);
    expect(row.buyer_user_id).toBe(buyer.user.id);

    const again = await call("POST", `/ads/${ad.id}/sold`, headers, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(AD_LIFECYCLE_MESSAGES.soldNotAllowed);

    // Anyone reads the page, marked Sold; lists no longer show it.
    const page = await call("GET", `/ads/id/${ad.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.json().data.status.name).toBe("Sold");
    const suggestions = await call("GET", "/ads/search?search=deep freezer");
    expect(suggestions.json().data).toEqual([]);

    // The buyer who saved it sees it Sold in Saved Items.
    const saved = await call("GET", "/ads/saved/search", buyer.headers);
    expect(saved.statusCode).toBe(200);
    const items = saved.json().data.data as Array<{ id: number; status: { name: string } }>;
    expect(items.find((item) => item.id === ad.id)?.status.name).toBe("Sold");

    // The chat stays open: both still write in it.
    const chatId = chat.json().data.id;
    const reply = await call("POST", `/chats/${chatId}/messages`, headers, { text: "Thanks for buying!" });
    expect(reply.statusCode).toBeLessThan(300);

    // After SOLD_PAGE_DAYS the page is gone, as an expired one, and Saved Items drops it.
    await setAd(ad.id, { sold_at: inDays(-SOLD_PAGE_DAYS - 1) });
    expect((await call("GET", `/ads/id/${ad.id}`)).statusCode).toBe(404);
    expect((await call("GET", `/ads/id/${ad.id}/availability`)).json().data.state).toBe("gone");
    expect((await call("GET", `/ads/id/${ad.id}`, headers)).statusCode).toBe(200);
    const later = (await call("GET", "/ads/saved/search", buyer.headers)).json().data.data as Array<{ id: number }>;
    expect(later.map((item) => item.id)).not.toContain(ad.id);
  });

  it("marks an expired ad sold without a buyer, and refuses pending and hidden ones", async () => {
    const { headers, ad } = await sellerWithAd({ status_id: AD_STATUS.expired, expires_at: inDays(-3) });
    const sold = await call("POST", `/ads/${ad.id}/sold`, headers, {});
    expect(sold.statusCode).toBe(200);
    expect((await adRow(ad.id)).buyer_user_id).toBeNull();
    const hidden = await sellerWithAd({ status_id: AD_STATUS.hidden });
    const refused = await call("POST", `/ads/${hidden.ad.id}/sold`, hidden.headers, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(AD_LIFECYCLE_MESSAGES.soldNotAllowed);
  });
});

describe("POST /ads/{id}/repost", () => {
  it("posts an expired ad again as a new ad with copied fields, attributes and photo files, fresh counters", async () => {
    const [cars] = await ctx.db.select().from(subcategories).where(eq(subcategories.name, "Cars"));
    const seller = await signedInUser(ctx.app, ctx.db);
    const { headers } = seller;
    const ad = await createAd(ctx.db, {
      user_id: seller.user.id,
      subcategory_id: cars!.id,
      status_id: AD_STATUS.expired,
      expires_at: inDays(-2),
      title: "Reposted Nissan Sunny",
      visibility_score: 40,
      attributeValues: { Brand: "Nissan" },
    });
    // Real photo files, as posting stores them.
    const key = `ads/repost-test-${ad.id}`;
    const picture = await sharp({ create: { width: 1200, height: 900, channels: 3, background: "#ff0000" } })
      .webp()
      .toBuffer();
    await ctx.storage.put(`${key}-large.webp`, picture);
    await ctx.db.insert(adImages).values({ ad_id: ad.id, path: key, order: 0 });

    const reposted = await call("POST", `/ads/${ad.id}/repost`, headers);
    expect(reposted.statusCode).toBe(201);
    expect(reposted.json().message).toBe(AD_LIFECYCLE_MESSAGES.reposted);
    const copy = reposted.json().data;
    expect(copy.id).not.toBe(ad.id);
    expect(copy).toMatchObject({
      title: "Reposted Nissan Sunny",
      status: { id: AD_STATUS.active },
      visibility_score: 0,
      sold_at: null,
    });
    expect(new Date(copy.expires_at).getTime()).toBeGreaterThan(Date.now() + 29 * DAY);
    const copiedValues = await ctx.db.select().from(adAttributeValues).where(eq(adAttributeValues.ad_id, copy.id));
    expect(copiedValues.map((row) => row.value)).toEqual(["Nissan"]);
    const [copiedImage] = await ctx.db.select().from(adImages).where(eq(adImages.ad_id, copy.id));
    expect(copiedImage!.path).not.toBe(key);
    expect(await ctx.storage.get(`${copiedImage!.path}-large.webp`)).not.toBeNull();
    // Every size exists for the copy: those the original lacked were cut from its large one.
    expect(await ctx.storage.get(`${copiedImage!.path}-card.webp`)).not.toBeNull();
    const [queued] = await ctx.db.select().from(moderationQueueAds).where(eq(moderationQueueAds.ad_id, copy.id));
    expect(queued!.reviewed_at).toBeNull();

    // Deleting the original erases its files only: the copy keeps its own.
    expect((await ctx.app.inject({ method: "DELETE", url: `/api/ads/${ad.id}`, headers })).statusCode).toBe(200);
    expect(await ctx.storage.get(`${key}-large.webp`)).toBeNull();
    expect(await ctx.storage.get(`${copiedImage!.path}-large.webp`)).not.toBeNull();
    const files = await readdir(path.join(inject("mediaDir"), "ads"));
    expect(files.some((file) => file.startsWith(copiedImage!.path.slice(4)))).toBe(true);
  });

  it("refuses an active ad with 409 and another seller's ad with 403", async () => {
    const { headers, ad } = await sellerWithAd();
    const refused = await call("POST", `/ads/${ad.id}/repost`, headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(AD_LIFECYCLE_MESSAGES.repostNotAllowed);
    const sold = await sellerWithAd({ status_id: AD_STATUS.sold, sold_at: new Date() });
    expect((await call("POST", `/ads/${sold.ad.id}/repost`, headers)).statusCode).toBe(403);
  });
});
