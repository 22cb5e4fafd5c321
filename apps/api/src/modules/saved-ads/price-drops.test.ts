import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ads } from "../../db/schema/ads.ts";
import { notifications } from "../../db/schema/notifications.ts";
import { savedAds } from "../../db/schema/saved-ads.ts";
import { createDomainEvents } from "../../lib/domain-events.ts";
import { createAd, createUser, signedInAdmin, signedInUser } from "../../test/factories.ts";
import { useTestApp } from "../../test/test-app.ts";
import { liberiaDay } from "../notifications/notification-centre.ts";
import { reactToSavedAdsEvents } from "./saved-ads.reactions.ts";

const ctx = useTestApp();

/**
 * A seller's edit of the price as selling commits it: the ad's new price and `ad.edited` in one transaction, with
 * saved ads' reaction (the one the app registers) on its own event bus, as another server process would run it.
 */
async function editPrice(adId: number, price: number, { currency = "USD", usdLrd = 200 } = {}) {
  const events = createDomainEvents(console);
  reactToSavedAdsEvents(events, { mediaBaseUrl: "/media" });
  await events.transaction(ctx.db, async (tx, publish) => {
    const usd = currency === "USD" ? price : Math.round((price / usdLrd) * 100) / 100;
    await tx
      .update(ads)
      .set({ price: usd, price_local: price, currency, updated_at: new Date() })
      .where(eq(ads.id, adId));
    await publish("ad.edited", { adId });
  });
}

async function saver(adId: number) {
  const person = await signedInUser(ctx.app, ctx.db);
  const saved = await ctx.app.inject({
    method: "POST",
    url: "/api/ads/saved",
    headers: person.headers,
    payload: { ad_id: adId },
  });
  expect(saved.statusCode).toBe(201);
  return person;
}

const priceDrops = (userId: number) =>
  ctx.db
    .select({
      type: notifications.type,
      title: notifications.title,
      url: notifications.url,
      image_url: notifications.image_url,
      dedupe_key: notifications.dedupe_key,
    })
    .from(notifications)
    .where(and(eq(notifications.user_id, userId), eq(notifications.type, "price_drop")));

const priceSeen = async (userId: number, adId: number) => {
  const [row] = await ctx.db
    .select({ price_seen: savedAds.price_seen, was_price: savedAds.was_price, currency_seen: savedAds.currency_seen })
    .from(savedAds)
    .where(and(eq(savedAds.user_id, userId), eq(savedAds.ad_id, adId)));
  return row;
};

describe("price drops of saved ads", () => {
  it("tells every saver once a day when the price falls 5 % or more below what they saw, never for a rise", async () => {
    const seller = await createUser(ctx.db);
    const ad = await createAd(ctx.db, { user_id: seller.id, title: "Toyota Corolla 2015", price: 7000, images: 2 });
    const [first, second] = [await saver(ad.id), await saver(ad.id)];
    expect(await priceSeen(first.user.id, ad.id)).toEqual({ price_seen: 7000, was_price: null, currency_seen: "USD" });

    // A rise, then cuts under 5 % of what the savers saw ($7,000): nobody is told, and what they saw stays.
    await editPrice(ad.id, 7500);
    await editPrice(ad.id, 6900);
    await editPrice(ad.id, 6651);
    expect(await priceDrops(first.user.id)).toEqual([]);
    expect(await priceSeen(first.user.id, ad.id)).toEqual({ price_seen: 7000, was_price: null, currency_seen: "USD" });

    // $6,650 is exactly 5 % below $7,000, edited by two processes at once: one notification per saver.
    await Promise.all([editPrice(ad.id, 6650), editPrice(ad.id, 6650)]);
    const day = liberiaDay(new Date());
    for (const person of [first, second]) {
      expect(await priceDrops(person.user.id)).toEqual([
        {
          type: "price_drop",
          title: "Price drop: Toyota Corolla 2015 now $6,650, was $7,000",
          url: `/categories/${ad.category_id}/${ad.subcategory_id}/${ad.id}`,
          image_url: `/media/ads/test-${ad.id}-0-card.webp`,
          dedupe_key: `price_drop:${ad.id}:${person.user.id}:${day}`,
        },
      ]);
      expect(await priceSeen(person.user.id, ad.id)).toEqual({
        price_seen: 6650,
        was_price: 7000,
        currency_seen: "USD",
      });
    }

    // A second drop the same day tells no one again (one per ad per day), and Saved Items shows the price before it.
    await editPrice(ad.id, 6000);
    expect(await priceDrops(first.user.id)).toHaveLength(1);
    const list = await ctx.app.inject({ method: "GET", url: "/api/ads/saved/search", headers: first.headers });
    expect(list.statusCode).toBe(200);
    const [item] = list.json().data.data;
    expect(item).toMatchObject({ id: ad.id, price: 6000, was_price: 6650, is_saved: true });

    // Once the price is back above it, there is no "Was" to show, and nobody is told of a rise.
    await editPrice(ad.id, 6800);
    const after = await ctx.app.inject({ method: "GET", url: "/api/ads/saved/search", headers: first.headers });
    expect(after.json().data.data[0]).toMatchObject({ id: ad.id, price: 6800, was_price: null });
    expect(await priceDrops(first.user.id)).toHaveLength(1);
  });

  it("measures from the price a saver saw when saving, and leaves ads nobody saved alone", async () => {
    const seller = await createUser(ctx.db);
    const ad = await createAd(ctx.db, { user_id: seller.id, title: "Honda generator", price: 1000 });
    const early = await saver(ad.id);
    await editPrice(ad.id, 980);
    // Saved at $980: a cut to $940 is 4 % for them, 6 % for the early saver.
    const late = await saver(ad.id);
    await editPrice(ad.id, 940);
    expect(await priceDrops(early.user.id)).toEqual([
      expect.objectContaining({ title: "Price drop: Honda generator now $940, was $1,000", image_url: null }),
    ]);
    expect(await priceDrops(late.user.id)).toEqual([]);
    expect(await priceSeen(late.user.id, ad.id)).toEqual({ price_seen: 980, was_price: null, currency_seen: "USD" });

    const lonely = await createAd(ctx.db, { user_id: seller.id, price: 500 });
    await editPrice(lonely.id, 100);
    const none = await ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.url, `/categories/${lonely.category_id}/${lonely.subcategory_id}/${lonely.id}`));
    expect(none).toEqual([]);

    // Saved Items of an ad never dropped: was_price null.
    const list = await ctx.app.inject({ method: "GET", url: "/api/ads/saved/search", headers: late.headers });
    expect(list.json().data.data[0]).toMatchObject({ id: ad.id, was_price: null });
  });

  it("compares like with like: a new exchange rate is never a drop, nor a switch of currency (decision 088)", async () => {
    const admin = await signedInAdmin(ctx.app, ctx.db);
    const setRate = async (usdLrd: number) => {
      const response = await ctx.app.inject({
        method: "POST",
        url: "/api/admin/exchange-rates",
        headers: admin.headers,
        payload: { usd_lrd: usdLrd },
      });
      expect(response.statusCode).toBe(201);
    };
    await setRate(200);
    const seller = await createUser(ctx.db);
    const ad = await createAd(ctx.db, {
      user_id: seller.id,
      title: "Bag of rice",
      currency: "LRD",
      price_local: 20000,
      price: 100,
    });
    const person = await saver(ad.id);
    expect(await priceSeen(person.user.id, ad.id)).toEqual({
      price_seen: 20000,
      was_price: null,
      currency_seen: "LRD",
    });

    // The Liberian dollar strengthens: the ad is US$ 80 now, 20 % "cheaper" in US$, and nobody is told.
    await setRate(250);
    const page = await ctx.app.inject({ url: `/api/ads/id/${ad.id}` });
    expect(page.json().data).toMatchObject({ price: 80, currency: "LRD", price_local: 20000 });
    expect(await priceDrops(person.user.id)).toEqual([]);

    // The seller switches to US$ 75 (L$ 18,750, 6 % below L$ 20,000): a new currency, not a drop.
    await editPrice(ad.id, 75);
    expect(await priceDrops(person.user.id)).toEqual([]);
    expect(await priceSeen(person.user.id, ad.id)).toEqual({ price_seen: 75, was_price: null, currency_seen: "USD" });

    // Back in L$, then a real cut in L$: told in L$, and Saved Items answers "was" in US$ like `price`.
    await editPrice(ad.id, 20000, { currency: "LRD", usdLrd: 250 });
    await editPrice(ad.id, 18000, { currency: "LRD", usdLrd: 250 });
    expect(await priceDrops(person.user.id)).toEqual([
      expect.objectContaining({ title: "Price drop: Bag of rice now L$ 18,000, was L$ 20,000" }),
    ]);
    const list = await ctx.app.inject({ method: "GET", url: "/api/ads/saved/search", headers: person.headers });
    expect(list.json().data.data[0]).toMatchObject({
      id: ad.id,
      currency: "LRD",
      price_local: 18000,
      price: 72,
      was_price: 80,
    });
  });
});
