import { sql } from "drizzle-orm";
import { TRUST_MIN_CHATS } from "@waterside/shared/trust";
import { describe, expect, it } from "vitest";
import { createDomainEvents } from "../../lib/domain-events.ts";
import { packages, subscriptions } from "../../db/schema/payments.ts";
import { authHeaders, createAd, createUser } from "../../test/factories.ts";
import { jobStates } from "../../test/job-states.ts";
import { useTestApp } from "../../test/test-app.ts";
import { createAnalyticsService } from "../analytics/analytics.service.ts";
import { SERVICE_QUICK_ANSWERS, SERVICE_VERIFIED_PHONE } from "../analytics/visibility-scores.queries.ts";
import { createTrustService } from "./trust.service.ts";

const ctx = useTestApp();

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let phones = 0;
/** A user with a verified phone, as phone sign-in leaves it (E.164). */
const verifiedUser = () => {
  const number = `+231886${String(100_000 + ++phones).padStart(6, "0")}`;
  return createUser(ctx.db, { phone_number: number.slice(1), verified_phone_number: number });
};

/**
 * A conversation written straight into the chat tables, as history: `opener` sends the first message `ago` ms before
 * now, and the other side answers `answerAfter` ms later (null: never). A buyer is created when none is given.
 */
async function conversation(
  sellerId: number,
  { ago, answerAfter, sellerOpens = false }: { ago: number; answerAfter: number | null; sellerOpens?: boolean },
) {
  const buyer = await createUser(ctx.db);
  const [low, high] = sellerId < buyer.id ? [sellerId, buyer.id] : [buyer.id, sellerId];
  const openedAt = new Date(Date.now() - ago);
  const answeredAt = answerAfter === null ? null : new Date(openedAt.getTime() + answerAfter);
  const [chat] = await ctx.db.execute<{ id: number }>(sql`
    insert into chats (user_low_id, user_high_id, last_message_at, created_at)
    values (${low}, ${high}, ${(answeredAt ?? openedAt).toISOString()}::timestamptz, ${openedAt.toISOString()}::timestamptz)
    returning id`);
  const [opener, answerer] = sellerOpens ? [sellerId, buyer.id] : [buyer.id, sellerId];
  await ctx.db.execute(sql`
    insert into chat_messages (chat_id, sender_id, text, created_at) values (${chat!.id}, ${opener}, 'Hello', ${openedAt.toISOString()}::timestamptz)`);
  if (answeredAt) {
    await ctx.db.execute(sql`
      insert into chat_messages (chat_id, sender_id, text, created_at)
      values (${chat!.id}, ${answerer}, 'Yes, still available', ${answeredAt.toISOString()}::timestamptz)`);
  }
}

const trust = () => createTrustService(ctx.db, createDomainEvents(console));
const trustOf = async (userId: number) =>
  (await ctx.app.inject({ method: "GET", url: `/api/users/${userId}` })).json().data.trust;
const statsOf = async (userId: number) =>
  (
    await ctx.db.execute<{ chats_count: number; answered_count: number }>(
      sql`select chats_count, answered_count from response_stats where user_id = ${userId}`,
    )
  )[0];

describe("response figures (decision 070)", () => {
  it("counts chats others opened in 90 days, answered within 24 hours, with the median first answer, from the minimum on", async () => {
    const seller = await verifiedUser();
    const ad = await createAd(ctx.db, { user_id: seller.id });
    await createAd(ctx.db, { user_id: seller.id, status_id: 3 });
    await conversation(seller.id, { ago: 10 * DAY, answerAfter: 30 * MINUTE });
    await conversation(seller.id, { ago: 9 * DAY, answerAfter: 90 * MINUTE });
    // Not counted: one the seller opened, one older than 90 days, one still inside its 24 hours without an answer.
    await conversation(seller.id, { ago: 5 * DAY, answerAfter: 1 * MINUTE, sellerOpens: true });
    await conversation(seller.id, { ago: 100 * DAY, answerAfter: 1 * MINUTE });
    await conversation(seller.id, { ago: 2 * HOUR, answerAfter: null });
    await trust().recomputeEveryone();

    expect(await statsOf(seller.id)).toEqual({ chats_count: 2, answered_count: 2 });
    expect(2).toBeLessThan(TRUST_MIN_CHATS);
    expect(await trustOf(seller.id)).toEqual({
      phone_verified: true,
      response_rate: null,
      response_time_minutes: null,
      member_since: seller.created_at.toISOString(),
      active_ads_count: 1,
      deal_rating: { average: null, count: 0 },
    });

    // Answered after 30 hours: answered, but not within 24 hours; unanswered for 3 days: counted, not answered.
    await conversation(seller.id, { ago: 8 * DAY, answerAfter: 30 * HOUR });
    await conversation(seller.id, { ago: 3 * DAY, answerAfter: null });
    expect(await trust().recomputeEveryone()).toBeGreaterThanOrEqual(1);

    expect(await statsOf(seller.id)).toEqual({ chats_count: 4, answered_count: 2 });
    // The median of the answers given: 30 min, 90 min, 30 h.
    const figures = { response_rate: 0.5, response_time_minutes: 90 };
    expect(await trustOf(seller.id)).toMatchObject({ ...figures, phone_verified: true, active_ads_count: 1 });
    const page = await ctx.app.inject({ method: "GET", url: `/api/ads/id/${ad.id}` });
    expect(page.json().data.user).toMatchObject({ id: seller.id, phone_verified: true, trust: figures });
  });

  it("follows a new message: a first answer queues the seller's recompute with the message", async () => {
    const seller = await createUser(ctx.db);
    const ad = await createAd(ctx.db, { user_id: seller.id });
    await conversation(seller.id, { ago: 20 * DAY, answerAfter: 10 * MINUTE });
    await conversation(seller.id, { ago: 19 * DAY, answerAfter: 10 * MINUTE });
    await trust().recomputeEveryone();
    expect(await trustOf(seller.id)).toMatchObject({ phone_verified: false, response_rate: null });

    const buyer = await createUser(ctx.db);
    const buyerHeaders = await authHeaders(ctx.app, { kind: "user", userId: buyer.id });
    const opened = await ctx.app.inject({
      method: "POST",
      url: "/api/chats",
      headers: buyerHeaders,
      payload: { recieverId: seller.id, productId: ad.id, firstMessage: "Is it still available?" },
    });
    expect(opened.statusCode).toBe(201);
    const recomputes = () =>
      expect.poll(() => jobStates(ctx.sql, "trust.recompute-user", { userId: seller.id }), { timeout: 10_000 });
    await recomputes().toEqual(["completed"]);
    // Still inside its 24 hours: not counted yet.
    expect(await statsOf(seller.id)).toEqual({ chats_count: 2, answered_count: 2 });

    const sellerHeaders = await authHeaders(ctx.app, { kind: "user", userId: seller.id });
    const answer = () =>
      ctx.app.inject({
        method: "POST",
        url: `/api/chats/${opened.json().data.id}/messages`,
        headers: sellerHeaders,
        payload: { text: "Yes, come by today" },
      });
    expect((await answer()).statusCode).toBe(201);
    await recomputes().toEqual(["completed", "completed"]);
    expect(await statsOf(seller.id)).toEqual({ chats_count: 3, answered_count: 3 });
    // 10, 10 and about 0 minutes.
    expect(await trustOf(seller.id)).toMatchObject({ response_rate: 1, response_time_minutes: 10 });
    // Quick answers move the ranking: the seller's ad is queued for the score job.
    const queued = await ctx.db.execute(sql`select 1 from analytics_rescore_ads where ad_id = ${ad.id}`);
    expect(queued).toHaveLength(1);

    // A second answer is not a first answer: nothing to recompute.
    await ctx.db.execute(sql`update response_stats set answered_count = 99 where user_id = ${seller.id}`);
    expect((await answer()).statusCode).toBe(201);
    expect(await jobStates(ctx.sql, "trust.recompute-user", { userId: seller.id })).toHaveLength(2);
    expect(await statsOf(seller.id)).toEqual({ chats_count: 3, answered_count: 99 });
  });
});

describe("verified sellers in lists", () => {
  it("marks ad cards of verified sellers and keeps only theirs with verified_sellers: true", async () => {
    const verified = await verifiedUser();
    const other = await createUser(ctx.db);
    // A subcategory of this test's own, so no other test's ads or cached pages meet it.
    const mine = await createAd(ctx.db, { user_id: verified.id, subcategory_id: 30, title: "Verified seller's bed" });
    const theirs = await createAd(ctx.db, { user_id: other.id, subcategory_id: 30, title: "Unverified seller's bed" });
    const list = async (filters: object) =>
      (await ctx.app.inject({ method: "POST", url: "/api/ads/get", payload: { subcategory_id: 30, ...filters } }))
        .json()
        .data.data.map((ad: { id: number; user: { phone_verified: boolean } }) => [ad.id, ad.user.phone_verified]);

    expect(await list({})).toEqual([
      [theirs.id, false],
      [mine.id, true],
    ]);
    expect(await list({ verified_sellers: true })).toEqual([[mine.id, true]]);
    expect(await list({ verified_sellers: "true" })).toEqual([[mine.id, true]]);
    expect(await list({ verified_sellers: false })).toHaveLength(2);
  });
});

describe("service in visibility_score (decision 070)", () => {
  it("adds a bounded term for a verified phone and quick answers, which any boost outranks", async () => {
    const smallestBoost = (
      await ctx.db.execute<{ boost: number }>(
        sql`select min(visibility_boost)::int as boost from packages where visibility_boost > 0`,
      )
    )[0]!.boost;
    expect(SERVICE_VERIFIED_PHONE + SERVICE_QUICK_ANSWERS).toBeLessThan(smallestBoost);

    const quick = await verifiedUser();
    for (const ago of [4, 5, 6]) await conversation(quick.id, { ago: ago * DAY, answerAfter: 5 * MINUTE });
    await trust().recomputeEveryone();
    const slow = await createUser(ctx.db);
    const served = await createAd(ctx.db, { user_id: quick.id, title: "Quick, verified seller" });
    const boosted = await createAd(ctx.db, { user_id: slow.id, title: "Boosted, unverified seller" });
    const plain = await createAd(ctx.db, { user_id: slow.id, title: "Plain, unverified seller" });
    const [pack] = await ctx.db
      .insert(packages)
      .values({ name: "Smallest boost", price: 5, type: "ad", visibility_boost: smallestBoost })
      .returning();
    await ctx.db.insert(subscriptions).values({
      user_id: slow.id,
      ad_id: boosted.id,
      package_id: pack!.id,
      type: "ad",
      status: "active",
      start_date: new Date(Date.now() - DAY),
      end_date: new Date(Date.now() + DAY),
    });
    await ctx.db.execute(sql`
      insert into analytics_rescore_ads (ad_id) values (${served.id}), (${boosted.id}), (${plain.id})
      on conflict do nothing`);
    await createAnalyticsService({
      db: ctx.db,
      secret: "s".repeat(40),
      log: console,
      flushIntervalMs: 0,
    }).recomputeScores();

    const scores = Object.fromEntries(
      (
        await ctx.db.execute<{ id: number; visibility_score: number }>(
          sql`select id, visibility_score from ads where id in (${served.id}, ${boosted.id}, ${plain.id})`,
        )
      ).map((row) => [row.id, row.visibility_score]),
    );
    // 10 for the phone, 10 for answering every chat within an hour; no counts, no stars.
    expect(scores[served.id]).toBe(SERVICE_VERIFIED_PHONE + SERVICE_QUICK_ANSWERS);
    expect(scores[plain.id]).toBe(0);
    expect(scores[boosted.id]).toBe(smallestBoost);
    expect(scores[boosted.id]).toBeGreaterThan(scores[served.id]!);
  });
});
