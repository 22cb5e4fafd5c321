import { ANALYTICS_MESSAGES } from "@waterside/shared/analytics-messages";
import { AD_STATUS } from "@waterside/shared/reference-ids";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ads } from "../../db/schema/ads.ts";
import { authHeaders, createAd, createUser, signedInUser } from "../../test/factories.ts";
import { useTestApp } from "../../test/test-app.ts";
import { ANALYTICS_RATE_LIMITS } from "./analytics.routes.ts";
import { VISITORS_PER_ADDRESS } from "./analytics-ingestion.ts";
import { createAnalyticsService } from "./analytics.service.ts";

const ctx = useTestApp();

const DAY_MS = 24 * 60 * 60 * 1000;
const today = () => new Date().toISOString().slice(0, 10);
const dayAfter = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

type Headers = Record<string, string>;
const register = (
  kind: "views" | "clicks" | "contacts",
  payload: object,
  headers: Headers = {},
  remoteAddress = "127.0.0.1",
) => ctx.app.inject({ method: "POST", url: `/api/analytics/ad/${kind}`, payload, headers, remoteAddress });
const get = (url: string, headers: Headers = {}) => ctx.app.inject({ method: "GET", url, headers });

/** Today's point of an ad's history, read by its owner through the API. */
async function todayOf(adId: number, owner: Headers) {
  const reply = await get(`/api/analytics/ad/${adId}/history`, owner);
  expect(reply.statusCode).toBe(200);
  return reply.json().data.statistics.at(-1) as {
    date: string;
    views: number;
    saves: number;
    clicks: number;
    contacts: number;
  };
}

/** A seller with an active ad, signed in. */
async function sellerWithAd() {
  const seller = await signedInUser(ctx.app, ctx.db);
  const ad = await createAd(ctx.db, { user_id: seller.user.id });
  return { ...seller, ad };
}

/** A service on the test database with its own clock, writing each call at once (no buffer). */
const serviceAt = (now: Date) =>
  createAnalyticsService({ db: ctx.db, secret: "s".repeat(40), log: console, flushIntervalMs: 0, now: () => now });

describe("registering views and clicks", () => {
  it("counts a viewer once per ad and day: five refreshes are one view, two viewers two", async () => {
    const { ad, headers: owner } = await sellerWithAd();
    const alice = await signedInUser(ctx.app, ctx.db);
    const bob = await signedInUser(ctx.app, ctx.db);

    for (let refresh = 0; refresh < 5; refresh++) {
      const reply = await register("views", { ids: [ad.id] }, alice.headers);
      expect(reply.statusCode).toBe(200);
      expect(reply.json()).toEqual({ data: { registered_ad_ids: [ad.id] } });
    }
    expect((await todayOf(ad.id, owner)).views).toBe(1);
    await register("views", { ids: [ad.id] }, bob.headers);
    expect(await todayOf(ad.id, owner)).toEqual({ date: today(), views: 2, saves: 0, clicks: 0, contacts: 0 });
  });

  it("counts clicks the same way, apart from views", async () => {
    const { ad, headers: owner } = await sellerWithAd();
    const alice = await signedInUser(ctx.app, ctx.db);
    const bob = await signedInUser(ctx.app, ctx.db);
    for (let click = 0; click < 3; click++) await register("clicks", { ids: [ad.id] }, alice.headers);
    await register("clicks", { ids: [ad.id] }, bob.headers);
    await register("views", { ids: [ad.id] }, bob.headers);
    expect(await todayOf(ad.id, owner)).toMatchObject({ views: 1, clicks: 2 });
  });

  it("counts again the next day (the clock moved, the marks are per day)", async () => {
    const { user, ad, headers: owner } = await sellerWithAd();
    const viewer = await createUser(ctx.db);
    const day = today();
    const tomorrow = new Date(Date.parse(`${dayAfter(day, 1)}T09:30:00Z`));
    for (const now of [new Date(), new Date(), tomorrow, tomorrow]) {
      expect(await serviceAt(now).register("view", [ad.id], { kind: "user", userId: viewer.id })).toEqual([ad.id]);
    }
    const reply = await get(`/api/analytics/ad/${ad.id}/history?start_date=${day}&end_date=${dayAfter(day, 1)}`, owner);
    expect(reply.json().data.statistics).toEqual([
      { date: day, views: 1, saves: 0, clicks: 0, contacts: 0 },
      { date: dayAfter(day, 1), views: 1, saves: 0, clicks: 0, contacts: 0 },
    ]);
    // The owner's own views never count.
    await serviceAt(tomorrow).register("view", [ad.id], { kind: "user", userId: user.id });
    expect(
      (await get(`/api/analytics/ad/${ad.id}/history?end_date=${dayAfter(day, 1)}`, owner))
        .json()
        .data.statistics.at(-1).views,
    ).toBe(1);
  });

  it("counts signed-out visitors by their visitor id, else their address, and caps one address", async () => {
    const { ad, headers: owner } = await sellerWithAd();
    await register("views", { ids: [ad.id], visitor_id: "visitor-0001" }, {}, "10.9.0.1");
    await register("views", { ids: [ad.id], visitor_id: "visitor-0001" }, {}, "10.9.0.2");
    expect((await todayOf(ad.id, owner)).views).toBe(1);
    // No visitor id: the address stands in, once.
    await register("views", { ids: [ad.id] }, {}, "10.9.0.3");
    await register("views", { ids: [ad.id] }, {}, "10.9.0.3");
    expect((await todayOf(ad.id, owner)).views).toBe(2);
    // One address inventing visitor ids counts at most VISITORS_PER_ADDRESS times.
    for (let visitor = 0; visitor < VISITORS_PER_ADDRESS + 5; visitor++) {
      await register("views", { ids: [ad.id], visitor_id: `invented-${visitor}-id` }, {}, "10.9.0.4");
    }
    expect((await todayOf(ad.id, owner)).views).toBe(2 + VISITORS_PER_ADDRESS);

    const bad = await register("views", { ids: [ad.id], visitor_id: "short" }, {}, "10.9.0.5");
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.visitor_id).toEqual([ANALYTICS_MESSAGES.badVisitorId]);
  });

  it("answers only active ads in registered_ad_ids, and counts nothing else", async () => {
    const { user, ad, headers: owner } = await sellerWithAd();
    const hidden = await createAd(ctx.db, { user_id: user.id, status_id: AD_STATUS.hidden });
    const pending = await createAd(ctx.db, { user_id: user.id, status_id: AD_STATUS.pending });
    const viewer = await signedInUser(ctx.app, ctx.db);
    const reply = await register(
      "views",
      { ids: [hidden.id, ad.id, 2_000_000_000, pending.id, ad.id] },
      viewer.headers,
    );
    expect(reply.json().data.registered_ad_ids).toEqual([ad.id]);
    expect((await todayOf(ad.id, owner)).views).toBe(1);
    expect((await todayOf(hidden.id, owner)).views).toBe(0);

    // An ad hidden after it was registered stops counting, once the cache hears of the change.
    await ctx.db.update(ads).set({ status_id: AD_STATUS.hidden }).where(eq(ads.id, ad.id));
    const later = async () =>
      (await register("views", { ids: [ad.id] }, (await signedInUser(ctx.app, ctx.db)).headers)).json().data;
    await expect.poll(later).toEqual({ registered_ad_ids: [] });
  });

  it("keeps accepted events in the process until the next write, and writes them when it closes", async () => {
    const { ad } = await sellerWithAd();
    const viewer = await createUser(ctx.db);
    const views = async () => {
      const [row] = await ctx.db.execute<{ views: number }>(
        sql`select coalesce(sum(views), 0)::int as views from ad_daily_stats where ad_id = ${ad.id}`,
      );
      return row!.views;
    };
    const buffered = createAnalyticsService({
      db: ctx.db,
      secret: "s".repeat(40),
      log: console,
      flushIntervalMs: 60_000,
    });
    expect(await buffered.register("view", [ad.id], { kind: "user", userId: viewer.id })).toEqual([ad.id]);
    expect(await views()).toBe(0);
    await buffered.close();
    expect(await views()).toBe(1);
  });

  it("refuses an empty or oversized list and ids that are not ids", async () => {
    const cases: Array<[object, string]> = [
      [{ ids: [] }, ANALYTICS_MESSAGES.idsRequired],
      [{}, ANALYTICS_MESSAGES.idsRequired],
      [{ ids: Array.from({ length: 101 }, (_, index) => index + 1) }, ANALYTICS_MESSAGES.idsTooMany],
      [{ ids: ["abc"] }, "Must be a number."],
      [{ ids: [3_000_000_000] }, "Must be a number."],
    ];
    for (const [payload, message] of cases) {
      const reply = await register("clicks", payload);
      expect(reply.statusCode, JSON.stringify(payload)).toBe(422);
      expect(reply.json().message).toBe(message);
    }
  });

  it("refuses ids of other JSON types (422) and registers nothing: `true` was ad 1, `[id]` that ad", async () => {
    const { ad, headers: owner } = await sellerWithAd();
    // Issue 24: ids were coerced. Ad 1 is active and its owner reads its views, so a view of it would show.
    const [first] = await ctx.db.select().from(ads).where(eq(ads.id, 1));
    expect(first?.status_id).toBe(AD_STATUS.active);
    const firstOwner = await authHeaders(ctx.app, { kind: "user", userId: first!.user_id });
    const viewer = await signedInUser(ctx.app, ctx.db);
    const before = [await todayOf(1, firstOwner), await todayOf(ad.id, owner)];

    for (const ids of [
      [true],
      [[ad.id]],
      [`${ad.id}abc`],
      [` ${ad.id}`],
      [`${ad.id}.0`],
      [ad.id + 0.5],
      [{}],
      [null],
    ]) {
      const reply = await register("views", { ids }, viewer.headers);
      expect(reply.statusCode, JSON.stringify(ids)).toBe(422);
      expect(reply.json().errors, JSON.stringify(ids)).toEqual({ "ids.0": ["Must be a number."] });
    }
    expect([await todayOf(1, firstOwner), await todayOf(ad.id, owner)]).toEqual(before);

    // Digits, as a form or a query sends them, are still an id.
    const digits = await register("views", { ids: [String(ad.id)] }, viewer.headers);
    expect(digits.json()).toEqual({ data: { registered_ad_ids: [ad.id] } });
    expect((await todayOf(ad.id, owner)).views).toBe(before[1]!.views + 1);
  });

  it("limits a signed-in user's registrations per minute", async () => {
    const { ad } = await sellerWithAd();
    const viewer = await signedInUser(ctx.app, ctx.db);
    const statuses: number[] = [];
    for (let call = 0; call <= ANALYTICS_RATE_LIMITS.perUser.max; call++) {
      statuses.push((await register("views", { ids: [ad.id] }, viewer.headers, "10.8.0.1")).statusCode);
    }
    expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe("saves", () => {
  it("counts a save once per user, ad and day, and not the owner's own", async () => {
    const { user, ad, headers: owner } = await sellerWithAd();
    const buyer = await signedInUser(ctx.app, ctx.db);
    const save = (headers: Headers) =>
      ctx.app.inject({ method: "POST", url: "/api/ads/saved", headers, payload: { ad_id: ad.id } });
    expect((await save(buyer.headers)).statusCode).toBe(201);
    expect((await todayOf(ad.id, owner)).saves).toBe(1);
    // Saving again, or undoing and saving again the same day, changes nothing.
    await save(buyer.headers);
    await ctx.app.inject({ method: "DELETE", url: `/api/ads/saved/${ad.id}`, headers: buyer.headers });
    await save(buyer.headers);
    await save(owner);
    expect(await todayOf(ad.id, owner)).toEqual({ date: today(), views: 0, saves: 1, clicks: 0, contacts: 0 });
    expect(user.id).not.toBe(buyer.user.id);
  });
});

describe("contacts", () => {
  const startChat = (headers: Headers, recieverId: number, productId?: number) =>
    ctx.app.inject({
      method: "POST",
      url: "/api/chats",
      headers,
      payload: { recieverId, firstMessage: "I’m interested", ...(productId && { productId }) },
    });

  it("counts a revealed phone number once per buyer, ad and day, and not the owner's own", async () => {
    const { ad, headers: owner } = await sellerWithAd();
    const alice = await signedInUser(ctx.app, ctx.db);
    const bob = await signedInUser(ctx.app, ctx.db);
    for (let reveal = 0; reveal < 3; reveal++) {
      const reply = await register("contacts", { ids: [ad.id] }, alice.headers);
      expect(reply.statusCode).toBe(200);
      expect(reply.json()).toEqual({ data: { registered_ad_ids: [ad.id] } });
    }
    await register("contacts", { ids: [ad.id] }, bob.headers);
    await register("contacts", { ids: [ad.id] }, owner);
    expect(await todayOf(ad.id, owner)).toEqual({ date: today(), views: 0, saves: 0, clicks: 0, contacts: 2 });
  });

  it("refuses visitors (401): the number is revealed to signed-in users only", async () => {
    const { ad, headers: owner } = await sellerWithAd();
    const reply = await register("contacts", { ids: [ad.id], visitor_id: "visitor-0001" }, {}, "10.9.1.1");
    expect(reply.statusCode).toBe(401);
    expect((await todayOf(ad.id, owner)).contacts).toBe(0);
  });

  it("counts a chat started about an ad as one contact, with the phone reveals, and nothing else of chats", async () => {
    const { user: seller, ad, headers: owner } = await sellerWithAd();
    const buyer = await signedInUser(ctx.app, ctx.db);
    expect((await startChat(buyer.headers, seller.id, ad.id)).statusCode).toBe(201);
    expect(await todayOf(ad.id, owner)).toMatchObject({ views: 0, contacts: 1 });
    // The chat reused, or the number revealed the same day: still one contact from this buyer.
    expect((await startChat(buyer.headers, seller.id, ad.id)).statusCode).toBe(201);
    await register("contacts", { ids: [ad.id] }, buyer.headers);
    expect((await todayOf(ad.id, owner)).contacts).toBe(1);

    // A chat without an ad counts for no ad; a seller writing first about their own ad is not a contact.
    const other = await signedInUser(ctx.app, ctx.db);
    expect((await startChat(other.headers, seller.id)).statusCode).toBe(201);
    expect((await startChat(owner, other.user.id, ad.id)).statusCode).toBe(201);
    expect((await todayOf(ad.id, owner)).contacts).toBe(1);
  });

  it("gives contacts in the histories, totals and the Performance tab", async () => {
    const { user: seller, ad, headers: owner } = await sellerWithAd();
    const second = await createAd(ctx.db, { user_id: seller.id, title: "Gas cooker" });
    const [alice, bob] = await Promise.all([1, 2].map(() => signedInUser(ctx.app, ctx.db)));
    await register("contacts", { ids: [ad.id, second.id] }, alice!.headers);
    await startChat(bob!.headers, seller.id, ad.id);

    const history = (await get("/api/analytics/profile/history", owner)).json().data.statistics;
    expect(history.at(-1)).toEqual({ date: today(), views: 0, saves: 0, clicks: 0, contacts: 3 });
    expect((await get(`/api/analytics/ad/${second.id}/history`, owner)).json().data.statistics.at(-1).contacts).toBe(1);
    expect((await get("/api/analytics/overall", owner)).json().data.statistics).toEqual({
      views: 0,
      saves: 0,
      clicks: 0,
      contacts: 3,
    });
    const performance = (await get("/api/analytics/performance", owner)).json().data;
    expect(performance.totals).toEqual({ views: 0, saves: 0, clicks: 0, contacts: 3 });
    expect(performance.previous_totals.contacts).toBe(0);
    expect(performance.statistics.at(-1).contacts).toBe(3);
    // Ads with contacts only are among the top ads.
    expect(performance.top_ads).toEqual([
      { ad_id: second.id, title: "Gas cooker", views: 0, saves: 0, clicks: 0, contacts: 1 },
      { ad_id: ad.id, title: ad.title, views: 0, saves: 0, clicks: 0, contacts: 2 },
    ]);
  });
});

describe("reading analytics", () => {
  it("gives every day of the range, zeros included, the last 30 days by default", async () => {
    const { ad, headers: owner } = await sellerWithAd();
    await register("views", { ids: [ad.id] }, (await signedInUser(ctx.app, ctx.db)).headers);
    const week = await get(`/api/analytics/ad/${ad.id}/history?start_date=${dayAfter(today(), -6)}`, owner);
    expect(week.json().data).toEqual({
      start_date: dayAfter(today(), -6),
      end_date: today(),
      statistics: [
        ...Array.from({ length: 6 }, (_, index) => ({
          date: dayAfter(today(), index - 6),
          views: 0,
          saves: 0,
          clicks: 0,
          contacts: 0,
        })),
        { date: today(), views: 1, saves: 0, clicks: 0, contacts: 0 },
      ],
    });
    const standard = (await get(`/api/analytics/ad/${ad.id}/history`, owner)).json().data;
    expect(standard.statistics).toHaveLength(30);
    expect(standard.start_date).toBe(dayAfter(today(), -29));
    // A whole year (366 days) is allowed, one more is not.
    const year = await get(`/api/analytics/ad/${ad.id}/history?start_date=2024-01-01&end_date=2024-12-31`, owner);
    expect(year.json().data.statistics).toHaveLength(366);
  });

  it("answers 422 for dates that are not days, reversed ranges and ranges over a year", async () => {
    const { ad, headers: owner } = await sellerWithAd();
    const cases: Array<[string, string, string]> = [
      ["start_date=2026-02-30", "start_date", ANALYTICS_MESSAGES.badDate],
      ["start_date=yesterday", "start_date", ANALYTICS_MESSAGES.badDate],
      ["end_date=2026-1-5", "end_date", ANALYTICS_MESSAGES.badDate],
      ["start_date=2026-03-02&end_date=2026-03-01", "end_date", ANALYTICS_MESSAGES.endBeforeStart],
      ["start_date=2025-01-01&end_date=2026-01-02", "start_date", ANALYTICS_MESSAGES.rangeTooLong],
    ];
    for (const [query, field, message] of cases) {
      const reply = await get(`/api/analytics/ad/${ad.id}/history?${query}`, owner);
      expect(reply.statusCode, query).toBe(422);
      expect(reply.json()).toEqual({ message, errors: { [field]: [message] } });
    }
    const performance = await get("/api/analytics/performance?startTime=soon", owner);
    expect(performance.statusCode).toBe(422);
    expect(performance.json().errors).toEqual({ startTime: [ANALYTICS_MESSAGES.badDate] });
    const profile = await get("/api/analytics/profile/history?start_date=2020-01-01&end_date=2022-01-01", owner);
    expect(profile.json().message).toBe(ANALYTICS_MESSAGES.rangeTooLong);
  });

  it("lets only the ad's owner read it: 404 for another user, 401 for a visitor", async () => {
    const { ad } = await sellerWithAd();
    const stranger = await signedInUser(ctx.app, ctx.db);
    const other = await get(`/api/analytics/ad/${ad.id}/history`, stranger.headers);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe("Ad not found.");
    expect((await get(`/api/analytics/ad/2000000000/history`, stranger.headers)).statusCode).toBe(404);
    for (const url of [
      `/api/analytics/ad/${ad.id}/history`,
      "/api/analytics/ad/views",
      "/api/analytics/ad/clicks",
      "/api/analytics/profile/history",
      "/api/analytics/overall",
      "/api/analytics/performance",
    ]) {
      expect((await get(url)).statusCode, url).toBe(401);
    }
  });

  it("gives the seller per-ad totals, daily totals over all their ads, overall figures and the Performance tab", async () => {
    const { user, ad, headers: owner } = await sellerWithAd();
    const second = await createAd(ctx.db, { user_id: user.id, title: "Samsung fridge" });
    const quiet = await createAd(ctx.db, { user_id: user.id, title: "Old bicycle" });
    const { ad: strangers } = await sellerWithAd();
    const viewers = await Promise.all([1, 2, 3].map(() => signedInUser(ctx.app, ctx.db)));
    for (const [index, viewer] of viewers.entries()) {
      await register("views", { ids: [ad.id, second.id, strangers.id] }, viewer.headers);
      if (index === 0) await register("views", { ids: [ad.id] }, viewer.headers);
      if (index < 2) await register("clicks", { ids: [second.id] }, viewer.headers);
    }
    await ctx.app.inject({
      method: "POST",
      url: "/api/ads/saved",
      headers: viewers[0]!.headers,
      payload: { ad_id: ad.id },
    });

    const views = (await get(`/api/analytics/ad/views?ad_ids=${quiet.id},${ad.id},${strangers.id}`, owner)).json();
    expect(views.data).toEqual({
      start_date: null,
      end_date: null,
      total: 3,
      ads: [
        { ad_id: ad.id, title: ad.title, views: 3 },
        { ad_id: quiet.id, title: "Old bicycle", views: 0 },
      ],
    });
    const allViews = (await get("/api/analytics/ad/views", owner)).json().data;
    expect(allViews.total).toBe(6);
    expect(allViews.ads.map((row: { ad_id: number }) => row.ad_id)).toEqual([second.id, ad.id, quiet.id]);
    const clicks = (await get(`/api/analytics/ad/clicks?start_date=${today()}&end_date=${today()}`, owner)).json();
    expect(clicks.data.start_date).toBe(today());
    expect(clicks.data.ads[0]).toEqual({ ad_id: second.id, title: "Samsung fridge", clicks: 2 });

    const history = (await get("/api/analytics/profile/history", owner)).json().data.statistics;
    expect(history).toHaveLength(30);
    expect(history.at(-1)).toEqual({ date: today(), views: 6, saves: 1, clicks: 2, contacts: 0 });
    expect(history.slice(0, -1).every((point: { views: number }) => point.views === 0)).toBe(true);

    expect((await get("/api/analytics/overall", owner)).json().data.statistics).toEqual({
      views: 6,
      saves: 1,
      clicks: 2,
      contacts: 0,
    });
    const start = dayAfter(today(), -6);
    const performance = (
      await get(`/api/analytics/performance?startTime=${Date.parse(`${start}T12:00:00Z`)}&endTime=${today()}`, owner)
    ).json().data;
    expect(performance).toMatchObject({
      start_date: start,
      end_date: today(),
      totals: { views: 6, saves: 1, clicks: 2, contacts: 0 },
      previous_totals: { views: 0, saves: 0, clicks: 0, contacts: 0 },
      top_ads: [
        { ad_id: second.id, title: "Samsung fridge", views: 3, saves: 0, clicks: 2, contacts: 0 },
        { ad_id: ad.id, views: 3, saves: 1, clicks: 0, contacts: 0 },
      ],
    });
    expect(performance.statistics).toHaveLength(7);
  });
});

describe("visibility_score", () => {
  const scoreAndVersion = async (adId: number) => {
    const [row] = await ctx.db.execute<{ visibility_score: number; xmin: string }>(
      sql`select visibility_score, xmin::text from ads where id = ${adId}`,
    );
    return row!;
  };

  it("raises the score of an ad with views above one without, and leaves unchanged rows alone", async () => {
    const { ad: viewed, headers: owner } = await sellerWithAd();
    const { ad: unseen } = await sellerWithAd();
    for (let viewer = 0; viewer < 3; viewer++) {
      await register("views", { ids: [viewed.id] }, (await signedInUser(ctx.app, ctx.db)).headers);
    }
    await register("clicks", { ids: [viewed.id] }, (await signedInUser(ctx.app, ctx.db)).headers);
    await todayOf(viewed.id, owner); // written (reads write what the process holds first)
    const unseenBefore = await scoreAndVersion(unseen.id);

    // The scheduled job may run meanwhile (every 5 minutes): the figures, not the counts, are checked.
    const job = serviceAt(new Date());
    await job.recomputeScores();
    const after = await scoreAndVersion(viewed.id);
    // 10·ln(1 + 3 views + 4·1 click) = 20.8 → 21; no ratings: 0.
    expect(after.visibility_score).toBe(21);
    expect(after.visibility_score).toBeGreaterThan((await scoreAndVersion(unseen.id)).visibility_score);
    expect(await scoreAndVersion(unseen.id)).toEqual(unseenBefore);

    // Queued again with nothing new: the score is the same, so the row is not written (same xmin).
    await ctx.db.execute(sql`insert into analytics_rescore_ads (ad_id) values (${viewed.id}) on conflict do nothing`);
    await job.recomputeScores();
    expect(await scoreAndVersion(viewed.id)).toEqual(after);
  });

  it("follows ratings, queued with the rating that changed them", async () => {
    const { ad } = await sellerWithAd();
    const raters = await Promise.all([1, 2, 3, 4, 5].map(() => signedInUser(ctx.app, ctx.db)));
    const ratingIds: number[] = [];
    for (const rater of raters) {
      const rated = await ctx.app.inject({
        method: "POST",
        url: "/api/ratings",
        headers: rater.headers,
        payload: { ad_id: ad.id, stars: 5 },
      });
      expect(rated.statusCode).toBe(201);
      ratingIds.push(rated.json().data.id);
    }
    await serviceAt(new Date()).recomputeScores();
    // Five 5-star ratings and five imaginary 3-star ones: average 4, so 10·(4 − 3) = 10.
    expect((await scoreAndVersion(ad.id)).visibility_score).toBe(10);
    const changed = await ctx.app.inject({
      method: "PATCH",
      url: `/api/ratings/${ratingIds[0]}`,
      headers: raters[0]!.headers,
      payload: { stars: 1 },
    });
    expect(changed.statusCode).toBe(200);
    await serviceAt(new Date()).recomputeScores();
    // (4·5 + 1 + 15) / 10 = 3.6, so 10·0.6 = 6.
    expect((await scoreAndVersion(ad.id)).visibility_score).toBe(6);
    // Deleted accounts take their stars with them.
    for (const rater of raters) {
      expect((await ctx.app.inject({ method: "DELETE", url: "/api/user", headers: rater.headers })).statusCode).toBe(
        200,
      );
    }
    await serviceAt(new Date()).recomputeScores();
    expect((await scoreAndVersion(ad.id)).visibility_score).toBe(0);
  });

  it("drops past days' marks and requeues ads whose counts left the window", async () => {
    const { ad } = await sellerWithAd();
    const day = today();
    await ctx.db.execute(sql`insert into analytics_marks (day, ad_id, kind, viewer) values
      (${dayAfter(day, -3)}, ${ad.id}, 1, 1), (${dayAfter(day, -1)}, ${ad.id}, 1, 2), (${day}, ${ad.id}, 1, 3)`);
    await ctx.db.execute(
      sql`insert into ad_daily_stats (ad_id, day, views) values (${ad.id}, ${dayAfter(day, -14)}, 9)`,
    );
    await ctx.db.update(ads).set({ visibility_score: 23 }).where(eq(ads.id, ad.id));
    const job = serviceAt(new Date());
    const rolled = await job.rollDay();
    expect(rolled.pruned).toBeGreaterThanOrEqual(1);
    const marks = await ctx.db.execute<{ day: string }>(
      sql`select to_char(day, 'YYYY-MM-DD') as day from analytics_marks where ad_id = ${ad.id} order by day`,
    );
    expect(marks.map((row) => row.day)).toEqual([dayAfter(day, -1), day]);
    // The nine views of 14 days ago no longer count.
    await job.recomputeScores();
    expect((await scoreAndVersion(ad.id)).visibility_score).toBe(0);
  });
});
