import { and, eq, inArray, sql } from "drizzle-orm";
import sharp from "sharp";
import { INSTANT_DAILY_MATCH_LIMIT, SAVED_SEARCH_MESSAGES, type TSavedSearch } from "@waterside/shared/saved-searches";
import { beforeAll, describe, expect, it } from "vitest";
import { ads } from "../../db/schema/ads.ts";
import { attributes } from "../../db/schema/catalog.ts";
import { exchangeRates } from "../../db/schema/exchange-rates.ts";
import { savedSearches, savedSearchMatches } from "../../db/schema/saved-searches.ts";
import { adForm, carAdFields, findCars } from "../../test/car-ad.ts";
import { createAd, createUser, signedInUser } from "../../test/factories.ts";
import { multipart } from "../../test/multipart.ts";
import { useTestApp } from "../../test/test-app.ts";
import { createSavedSearchAlerts } from "./saved-search-alerts.ts";
import { createSavedSearchMatcher } from "./saved-search-matching.ts";
import { createUnsubscribeTokens } from "./unsubscribe-token.ts";

/**
 * Matching new ads against saved searches and telling their owners (issue 29 "Matching at scale"): the job handlers
 * run directly, twice and at once, and the notification centre's rows are counted.
 */
const ctx = useTestApp();
const CARS = 1;
const SUVS = 2;
const channels = { push: true, email: true, sms: false };
const COLLAPSE_SECONDS = 30;
let matcher: ReturnType<typeof createSavedSearchMatcher>;
let alerts: ReturnType<typeof createSavedSearchAlerts>;
let brand: number;
let year: number;

beforeAll(async () => {
  const unsubscribeTokens = createUnsubscribeTokens("t".repeat(40));
  alerts = createSavedSearchAlerts({
    db: ctx.db,
    mediaBaseUrl: "/media",
    publicUrl: "https://waterside.test",
    unsubscribeTokens,
  });
  matcher = createSavedSearchMatcher({ db: ctx.db, jobs: ctx.jobs, hooks: alerts, collapseSeconds: COLLAPSE_SECONDS });
  const ids = Object.fromEntries(
    (
      await ctx.db
        .select()
        .from(attributes)
        .where(sql`${attributes.name} in ('Year', 'Brand')`)
    ).map((row) => [row.name, row.id]),
  );
  brand = ids.Brand!;
  year = ids.Year!;
});

async function saveSearch(filters: Record<string, unknown>, frequency: "instant" | "daily" = "instant", name?: string) {
  const buyer = await signedInUser(ctx.app, ctx.db);
  const response = await ctx.app.inject({
    method: "POST",
    url: "/api/saved-searches",
    headers: buyer.headers,
    payload: { filters, frequency, channels, ...(name && { name }) },
  });
  expect(response.statusCode, response.body).toBe(201);
  return { ...buyer, search: response.json<{ data: TSavedSearch }>().data };
}

type NotificationRow = { user_id: number; type: string; title: string; body: string; url: string; dedupe_key: string };
async function notificationsOf(userId: number) {
  return ctx.db.execute<NotificationRow>(
    sql`select user_id, type, title, body, url, dedupe_key from notifications where user_id = ${userId} order by id`,
  );
}
async function matchesOf(savedSearchId: number) {
  return ctx.db
    .select()
    .from(savedSearchMatches)
    .where(eq(savedSearchMatches.saved_search_id, savedSearchId))
    .orderBy(savedSearchMatches.ad_id);
}

describe("matching a new ad", () => {
  it("compares a search's L$ price bounds at the rate in force, with ads in both currencies (decision 088)", async () => {
    const seller = await createUser(ctx.db);
    // Up to L$ 1,100,000 and from L$ 1,200,000: US$ 5,500 and 6,000 at L$ 200, nothing before a rate is set.
    const cheap = await saveSearch({ subcategory_id: CARS, price_max: 1_100_000, price_currency: "LRD" });
    const dear = await saveSearch({ subcategory_id: CARS, price_min: 1_200_000, price_currency: "LRD" });
    const early = await createAd(ctx.db, { user_id: seller.id, subcategory_id: CARS, price: 5500 });
    expect(await matcher.matchAd(early.id)).toEqual([]);

    await ctx.db.insert(exchangeRates).values({ usd_lrd: 200 });
    const dollars = await createAd(ctx.db, { user_id: seller.id, subcategory_id: CARS, price: 5500 });
    const local = await createAd(ctx.db, {
      user_id: seller.id,
      subcategory_id: CARS,
      currency: "LRD",
      price_local: 1_300_000,
      price: 6500,
    });
    expect(await matcher.matchAd(dollars.id)).toEqual([cheap.search.id]);
    expect(await matcher.matchAd(local.id)).toEqual([dear.search.id]);
    await ctx.db.delete(exchangeRates);
  });

  it("tells each instant search it meets exactly once, however often or concurrently the jobs run", async () => {
    const seller = await createUser(ctx.db);
    const toyota = await saveSearch({
      search: "Toyota",
      subcategory_id: CARS,
      price_max: 6000,
      location: "Montserrado",
    });
    const anyCar = await saveSearch({ subcategory_id: CARS });
    const daily = await saveSearch({ search: "corolla" }, "daily");
    const misses = [
      await saveSearch({ subcategory_id: SUVS }),
      await saveSearch({ search: "toyota", price_max: 1000 }),
      await saveSearch({ search: "toyota", price_min: 9000 }),
      await saveSearch({ search: "bicycle" }),
      await saveSearch({ search: "toyota", location: "Bong" }),
      await saveSearch({ search: "toyota", verified_sellers: true }),
      await saveSearch({ subcategory_id: CARS, attributes: [{ id: brand, values: ["Honda"] }] }),
    ];
    // The seller's own search never matches their ad.
    const own = await ctx.db
      .insert(savedSearches)
      .values({
        user_id: seller.id,
        name: "Mine",
        filters: { subcategory_id: CARS },
        frequency: "instant",
        push: true,
        email: false,
        sms: false,
        match_key: `s:${CARS}`,
      })
      .returning();

    const ad = await createAd(ctx.db, {
      user_id: seller.id,
      subcategory_id: CARS,
      title: "Toyota Corolla 2012 for sale",
      price: 5500,
      attributeValues: { Brand: "Toyota", Year: "2012" },
      images: 1,
    });
    // Two processes take the same job at once, then a retry runs it again.
    const runs = await Promise.all([matcher.matchAd(ad.id), matcher.matchAd(ad.id)]);
    const again = await matcher.matchAd(ad.id);
    const expected = [toyota.search.id, anyCar.search.id, daily.search.id].sort();
    expect([...runs.flat()].sort()).toEqual(expected);
    expect(again).toEqual([]);
    for (const { search } of [toyota, anyCar, daily]) expect(await matchesOf(search.id)).toHaveLength(1);
    for (const { search } of misses) expect(await matchesOf(search.id)).toEqual([]);
    expect(await matchesOf(own[0]!.id)).toEqual([]);

    // Each instant search's delivery is queued with the match, due once the collapse window has passed: well
    // within the 60 s the issue allows after the ad goes live.
    const queued = (
      await ctx.sql<{ start_after: Date; data: { savedSearchIds: number[] } }[]>`
        select start_after, data from pgboss.job where name = 'saved-searches.deliver-instant'`
    ).filter((job) => job.data.savedSearchIds.includes(toyota.search.id));
    // One delivery job for the ad (the second run recorded no match, so queued none), naming both instant searches.
    expect(queued).toHaveLength(1);
    expect(queued[0]!.data.savedSearchIds.sort()).toEqual([toyota.search.id, anyCar.search.id].sort());
    for (const job of queued) {
      const delay = (new Date(job.start_after).getTime() - ad.created_at.getTime()) / 1000;
      expect(delay).toBeGreaterThanOrEqual(COLLAPSE_SECONDS - 5);
      expect(delay).toBeLessThan(60);
    }

    // The delivery job of both searches, twice at once (naming them in either order: the locks are taken in id
    // order, so neither waits for the other forever), and once more after; a daily search named with them is not
    // told at once.
    await Promise.all([
      alerts.deliverInstant([toyota.search.id, anyCar.search.id, daily.search.id]),
      alerts.deliverInstant([daily.search.id, anyCar.search.id, toyota.search.id]),
    ]);
    await alerts.deliverInstant([toyota.search.id]);

    const told = await notificationsOf(toyota.user.id);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      type: "saved_search",
      title: `New ad for “${toyota.search.name}”`,
      body: "Toyota Corolla 2012 for sale – $5,500",
      url: `/categories/${ad.category_id}/${CARS}/${ad.id}`,
    });
    expect(await notificationsOf(anyCar.user.id)).toHaveLength(1);
    expect(await notificationsOf(daily.user.id)).toEqual([]);
    for (const { user } of misses) expect(await notificationsOf(user.id)).toEqual([]);
    expect(await notificationsOf(seller.id)).toEqual([]);
    expect((await matchesOf(toyota.search.id))[0]!.notified_at).not.toBeNull();
    expect((await matchesOf(daily.search.id))[0]!.notified_at).toBeNull();

    // new_count counts matches since the search was last opened.
    const list = await ctx.app.inject({ method: "GET", url: "/api/saved-searches", headers: toyota.headers });
    expect(list.json().data[0].new_count).toBe(1);
    await ctx.app.inject({
      method: "POST",
      url: `/api/saved-searches/${toyota.search.id}/seen`,
      headers: toyota.headers,
    });
    const seen = await ctx.app.inject({ method: "GET", url: "/api/saved-searches", headers: toyota.headers });
    expect(seen.json().data[0].new_count).toBe(0);
  });

  it("collapses the matches of one window into one notification, and starts a new one after it", async () => {
    const seller = await createUser(ctx.db);
    const buyer = await saveSearch({ search: "generator", price_max: 900 }, "instant", "Generators under $900");
    const posted = [];
    for (const title of ["Honda generator 5kVA", "Tiger generator small", "Generator Sumec 2kVA"]) {
      const ad = await createAd(ctx.db, { user_id: seller.id, subcategory_id: 3, title, price: 400, images: 1 });
      await matcher.matchAd(ad.id);
      posted.push(ad);
    }
    // Too dear: not a match.
    await matcher.matchAd(
      (await createAd(ctx.db, { user_id: seller.id, subcategory_id: 3, title: "Big generator", price: 5000 })).id,
    );
    await Promise.all([alerts.deliverInstant([buyer.search.id]), alerts.deliverInstant([buyer.search.id])]);
    const told = await notificationsOf(buyer.user.id);
    expect(told).toHaveLength(1);
    expect(told[0]!.title).toBe("3 new ads for “Generators under $900”");
    expect(told[0]!.body).toBe("Generator Sumec 2kVA – $400");
    expect(told[0]!.url).toBe(`/search?search=generator&price_max=900&saved_search=${buyer.search.id}`);

    const later = await createAd(ctx.db, {
      user_id: seller.id,
      subcategory_id: 3,
      title: "Generator again",
      price: 300,
    });
    await matcher.matchAd(later.id);
    await alerts.deliverInstant([buyer.search.id]);
    await alerts.deliverInstant([buyer.search.id]);
    expect(await notificationsOf(buyer.user.id)).toHaveLength(2);
  });

  it("checks attribute values and ranges, verified sellers, and matches an ad an edit brings into a search", async () => {
    const seller = await createUser(ctx.db);
    const verifiedSeller = await createUser(ctx.db, { verified_phone_number: `+23188${Date.now() % 10_000_000}` });
    const recent = await saveSearch({
      subcategory_id: CARS,
      attributes: [
        { id: brand, values: ["Toyota", "Nissan"] },
        { id: year, min: 2010 },
      ],
    });
    const verifiedOnly = await saveSearch({ search: "hilux", verified_sellers: true });
    const make = (user_id: number, title: string, values: Record<string, string>, price = 5000) =>
      createAd(ctx.db, { user_id, subcategory_id: CARS, title, price, attributeValues: values });
    const hits = [
      await make(seller.id, "Nissan Note", { Brand: "Nissan", Year: "2015" }),
      await make(verifiedSeller.id, "Toyota Hilux", { Brand: "Toyota", Year: " 2012 " }),
    ];
    const noHits = [
      await make(seller.id, "Toyota old", { Brand: "Toyota", Year: "2008" }),
      await make(seller.id, "Honda Fit", { Brand: "Honda", Year: "2016" }),
      await make(seller.id, "Toyota Hilux unverified", { Brand: "Toyota", Year: "about 2014" }),
    ];
    for (const ad of [...hits, ...noHits]) await matcher.matchAd(ad.id);
    expect((await matchesOf(recent.search.id)).map((m) => m.ad_id)).toEqual(hits.map((ad) => ad.id));
    expect((await matchesOf(verifiedOnly.search.id)).map((m) => m.ad_id)).toEqual([hits[1]!.id]);

    // The seller edits the 2008 Toyota's year: the `ad.edited` job matches it now.
    const edited = noHits[0]!;
    await ctx.db.execute(
      sql`update ad_attribute_values set value = '2011' where ad_id = ${edited.id} and value = '2008'`,
    );
    await matcher.matchAd(edited.id);
    expect((await matchesOf(recent.search.id)).map((m) => m.ad_id)).toContain(edited.id);

    // A hidden ad matches nothing.
    const hidden = await make(seller.id, "Toyota hidden", { Brand: "Toyota", Year: "2020" });
    await ctx.db.update(ads).set({ status_id: 3 }).where(eq(ads.id, hidden.id));
    expect(await matcher.matchAd(hidden.id)).toEqual([]);
  });
});

describe("daily digests and the move to daily", () => {
  it("sends one digest per daily search and day, with up to 10 ads, and leaves later matches for the next", async () => {
    const seller = await createUser(ctx.db);
    const buyer = await saveSearch({ search: "sofa" }, "daily");
    for (let i = 0; i < 12; i++) {
      const ad = await createAd(ctx.db, { user_id: seller.id, subcategory_id: 3, title: `Sofa ${i}`, images: 1 });
      await matcher.matchAd(ad.id);
    }
    const day = "2026-11-27";
    await Promise.all([alerts.deliverDigest(buyer.search.id, day), alerts.deliverDigest(buyer.search.id, day)]);
    await alerts.deliverDigest(buyer.search.id, day);
    const told = await notificationsOf(buyer.user.id);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      title: `12 new ads for “sofa”`,
      dedupe_key: `saved_search_digest:${buyer.search.id}:${day}`,
    });
    // Its mail lists 10 ads with small pictures and carries the one-click unsubscribe link.
    const [job] = await ctx.sql<{ data: { email: { html: string; unsubscribeUrl: string } } }[]>`
      select data from pgboss.job where name = 'notifications.deliver'
        and (data->>'userId')::int = ${buyer.user.id} and data ? 'email'`;
    expect(job!.data.email.html.match(/<img /g)).toHaveLength(10);
    expect(job!.data.email.unsubscribeUrl).toMatch(
      /^https:\/\/waterside\.test\/api\/saved-searches\/unsubscribe\?token=\d+\.\d+\.[\w-]{43}$/,
    );
    const unsubscribed = await ctx.app.inject({
      method: "POST",
      url: job!.data.email.unsubscribeUrl.replace("https://waterside.test", ""),
    });
    expect(unsubscribed.statusCode).toBe(200);

    // A match after today's digest waits for tomorrow's.
    const late = await createAd(ctx.db, { user_id: seller.id, subcategory_id: 3, title: "Sofa late" });
    await matcher.matchAd(late.id);
    await alerts.deliverDigest(buyer.search.id, day);
    expect(await notificationsOf(buyer.user.id)).toHaveLength(1);
    await alerts.deliverDigest(buyer.search.id, "2026-11-28");
    const next = await notificationsOf(buyer.user.id);
    expect(next).toHaveLength(2);
    expect(next[1]!.title).toBe("New ad for “sofa”");
  });

  it("moves an instant search that matches too much in a day to daily, and tells its owner once", async () => {
    const seller = await createUser(ctx.db);
    const buyer = await saveSearch({ search: "charger" }, "instant");
    for (let i = 0; i <= INSTANT_DAILY_MATCH_LIMIT + 1; i++) {
      const ad = await createAd(ctx.db, { user_id: seller.id, subcategory_id: 3, title: `Phone charger ${i}` });
      await matcher.matchAd(ad.id);
    }
    const [row] = await ctx.db.select().from(savedSearches).where(eq(savedSearches.id, buyer.search.id));
    expect(row).toMatchObject({ frequency: "daily" });
    expect(row!.downgraded_at).not.toBeNull();
    const told = await notificationsOf(buyer.user.id);
    expect(told.map((n) => n.type)).toEqual(["search_downgraded"]);
    expect(told[0]!.body).toBe(SAVED_SEARCH_MESSAGES.downgraded("charger"));
    // Its pending matches go into the digest, not an instant alert.
    await alerts.deliverInstant([buyer.search.id]);
    expect(await notificationsOf(buyer.user.id)).toHaveLength(1);
    const list = await ctx.app.inject({ method: "GET", url: "/api/saved-searches", headers: buyer.headers });
    expect(list.json().data[0]).toMatchObject({ frequency: "daily", downgraded_at: expect.any(String) });
    const pending = await ctx.db
      .select()
      .from(savedSearchMatches)
      .where(and(eq(savedSearchMatches.saved_search_id, buyer.search.id), sql`notified_at is null`));
    expect(pending).toHaveLength(INSTANT_DAILY_MATCH_LIMIT + 2);
  });
});

describe("from posting to the bell", () => {
  it(
    "tells an instant search of an ad posted through the API within 60 seconds, through the job queue",
    { timeout: 90_000 },
    async () => {
      const buyer = await saveSearch({ search: "Axio", subcategory_id: CARS });
      const seller = await signedInUser(ctx.app, ctx.db);
      const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#ff0000" } })
        .png()
        .toBuffer();
      const form = adForm(carAdFields(await findCars(ctx.db), { title: "Toyota Axio 2014 clean" }), [
        { body: image, name: "red.png" },
        { body: image, name: "red-again.png" },
      ]);
      const body = await multipart(form);
      const posted = await ctx.app.inject({
        method: "POST",
        url: "/api/ads/create",
        headers: { ...seller.headers, ...body.headers },
        payload: body.payload,
      });
      expect(posted.statusCode, posted.body).toBe(201);
      const start = Date.now();
      while ((await notificationsOf(buyer.user.id)).length === 0 && Date.now() - start < 60_000) {
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      const told = await notificationsOf(buyer.user.id);
      expect(told).toHaveLength(1);
      expect(Date.now() - start).toBeLessThan(60_000);
      expect(told[0]!.url).toMatch(new RegExp(`^/categories/1/${CARS}/\\d+$`));
      const matched = await ctx.db
        .select()
        .from(savedSearchMatches)
        .where(inArray(savedSearchMatches.saved_search_id, [buyer.search.id]));
      expect(matched).toHaveLength(1);
    },
  );
});
