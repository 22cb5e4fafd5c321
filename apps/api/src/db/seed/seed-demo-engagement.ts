import { sql } from "drizzle-orm";
import type { Transaction } from "../database.ts";
import { REPORT_REASONS, REPORT_STATUS } from "@waterside/shared/reports-messages";
import { adReports, userReports } from "../schema/reports.ts";
import { ratings, replies, replyLikes, reviewLikes, reviews } from "../schema/reviews.ts";
import type { seededRandom } from "./placeholder-images.ts";
import { ORANGE_TEST_NUMBERS } from "@waterside/shared/payments-messages";
import { lrdAmount } from "../../modules/payments/payment-amount.ts";

type Random = ReturnType<typeof seededRandom>;

const DEMO_REVIEWS = [
  "Good quality, exactly like the pictures.",
  "The seller answered fast and delivered to Sinkor the same day.",
  "Fair price for Monrovia. I will buy again.",
  "Works well so far, two weeks now.",
  "Is this still available? I want it for my shop in Red Light.",
  "Came with everything the ad said. Thank you!",
] as const;
const DEMO_OWNER_REPLIES = ["Thank you, come again!", "Yes, still available. Call me.", "You are welcome."] as const;
const DEMO_REPLIES = ["I agree, same for me.", "How much did you pay in the end?"] as const;

/**
 * Stars, reviews with the sellers' answers (the Owner tag) and likes on the demo ads, so the ad page shows them
 * from the first start. Counters are written from the rows, as the app keeps them.
 */
export async function writeDemoEngagement(
  db: Transaction,
  userRows: Array<{ id: number }>,
  adRows: Array<{ id: number; sellerId: number }>,
  random: Random,
) {
  const now = Date.now();
  // The newest ads are where a visitor lands first; every tenth of the rest gets a little too.
  const reviewed = adRows.filter((_, index) => index >= adRows.length - 12 || index % 10 === 0);
  for (const ad of reviewed) {
    const buyers = userRows.filter((user) => user.id !== ad.sellerId);
    const raters = buyers.filter(() => random.next() < 0.5);
    if (raters.length) {
      await db
        .insert(ratings)
        .values(raters.map((user) => ({ user_id: user.id, ad_id: ad.id, stars: random.int(3, 5) })));
      // The score job takes the stars in, as it does for a rating given through the API (`ratings.changed`).
      await db.execute(sql`insert into analytics_rescore_ads (ad_id) values (${ad.id}) on conflict do nothing`);
    }
    const writers = raters.slice(0, random.int(1, 3));
    for (const [index, writer] of writers.entries()) {
      const at = new Date(now - random.int(2, 240) * 3_600_000);
      const [review] = await db
        .insert(reviews)
        .values({
          ad_id: ad.id,
          user_id: writer.id,
          content: DEMO_REVIEWS[(ad.id + index) % DEMO_REVIEWS.length]!,
          created_at: at,
          updated_at: at,
        })
        .returning({ id: reviews.id });
      const answers = [
        { user_id: ad.sellerId, content: random.pick(DEMO_OWNER_REPLIES) },
        ...(random.next() < 0.3 ? [{ user_id: random.pick(buyers).id, content: random.pick(DEMO_REPLIES) }] : []),
      ];
      const written = await db
        .insert(replies)
        .values(
          answers.map((answer, position) => ({
            ...answer,
            review_id: review!.id,
            created_at: new Date(at.getTime() + (position + 1) * 1_800_000),
          })),
        )
        .returning({ id: replies.id });
      const fans = buyers.filter((user) => user.id !== writer.id && random.next() < 0.4);
      if (fans.length)
        await db.insert(reviewLikes).values(fans.map((fan) => ({ review_id: review!.id, user_id: fan.id })));
      const replyFans = buyers.filter(() => random.next() < 0.2);
      if (replyFans.length) {
        await db.insert(replyLikes).values(replyFans.map((fan) => ({ reply_id: written[0]!.id, user_id: fan.id })));
      }
    }
  }
  await db.execute(sql`
    update reviews r set
      likes_count = (select count(*) from review_likes l where l.review_id = r.id),
      replies_count = (select count(*) from replies p where p.review_id = r.id)`);
  await db.execute(
    sql`update replies p set likes_count = (select count(*) from reply_likes l where l.reply_id = p.id)`,
  );
}

/**
 * A few reports in each state, so each reporter's Reports tab and the admin's queues have rows: one waiting, one
 * under review, one resolved with the admin's answer. The reporters are the last two accounts (businesses the
 * journeys do not sign in as), and no ad gets near the threshold that takes it out of the lists.
 */
export async function writeDemoReports(
  db: Transaction,
  userRows: Array<{ id: number }>,
  adRows: Array<{ id: number; sellerId: number }>,
) {
  const reporters = userRows.slice(-2);
  const states = [
    { status_id: REPORT_STATUS.unresolved, admin_response: null },
    { status_id: REPORT_STATUS.underReview, admin_response: null },
    { status_id: REPORT_STATUS.resolved, admin_response: "Thank you. We asked the seller to correct the ad." },
  ];
  for (const [index, reporter] of reporters.entries()) {
    const others = adRows.filter((ad) => ad.sellerId !== reporter.id);
    await db.insert(adReports).values(
      states.map((state, position) => ({
        ...state,
        ad_id: others[(index * 7 + position * 13) % others.length]!.id,
        user_id: reporter.id,
        reason: position === 1 ? "The price in the photos is not the price in the ad." : REPORT_REASONS[position * 3]!,
      })),
    );
    const reported = userRows.find((user) => !reporters.includes(user))!;
    await db.insert(userReports).values({
      reporter_user_id: reporter.id,
      reported_user_id: reported.id,
      reason: REPORT_REASONS[1],
      ...states[index % states.length]!,
    });
  }
}

/**
 * Half a year of views, clicks, saves and contacts for the demo ads, from the day each was posted (none for today,
 * which real visits fill), so Insights, the Performance tab and My Ads have figures from the first start, and the
 * Performance tab compares a period with days before it that had the figures of the ads posted by then, even for
 * its longest period (90 days), not with one day of them (a change of +2,000%). Deterministic: a hash of ad and day.
 */
const DEMO_ANALYTICS_DAYS = 180;

export async function writeDemoAnalytics(db: Transaction) {
  await db.execute(sql`
    insert into ad_daily_stats (ad_id, day, views, clicks, saves, contacts)
    select a.id, d.day, v.views, v.views / 4, v.views / 12, v.views / 15
    from ads a
    cross join lateral (
      select generate_series((now() at time zone 'utc')::date - ${DEMO_ANALYTICS_DAYS}::int,
        (now() at time zone 'utc')::date - 1, interval '1 day')::date as day
    ) d
    cross join lateral (select abs(hashtext(a.id || ':' || d.day)) % 25 as views) v
    where d.day >= (a.created_at at time zone 'utc')::date and v.views > 0`);
}

/** Accounts the journeys boost with, or read the figures of: their ads start unboosted. */
const JOURNEY_SELLERS = [
  "motors@demo.waterside.lr",
  "solar@demo.waterside.lr",
  "farm@demo.waterside.lr",
  "mohammed@demo.waterside.lr",
];

/** A short history of the US$→L$ rate (issue 30), for the L$ demo payment: L$ per US$, daily, oldest first. */
const DEMO_RATE_HISTORY = [
  { daysAgo: 14, usd_lrd: 190.5 },
  { daysAgo: 13, usd_lrd: 191.25 },
  { daysAgo: 12, usd_lrd: 192 },
  { daysAgo: 11, usd_lrd: 193.4 },
  { daysAgo: 10, usd_lrd: 194.75 },
];

/**
 * Mobile Money history (decision 048, issue 30): the individual with the most ads (journeys' sellers aside) gets a
 * running ad boost and a failed upgrade attempt, the business with the most ads a business plan, with their payments
 * as MTN settled them; the runners-up pay through Orange Money, an ad boost in US$ and a business plan in L$ at the
 * rate of that day. Smaller packages than the journeys buy, so a journey's boosted ad leads its list.
 */
export async function writeDemoPayments(db: Transaction) {
  const sellers = await db.execute<{ user_id: number; usertype_id: number; ad_id: number }>(sql`
    select u.id as user_id, u.usertype_id, min(a.id) as ad_id
    from users u join ads a on a.user_id = u.id and a.status_id = 2
    where u.email not in (${sql.join(
      JOURNEY_SELLERS.map((email) => sql`${email}`),
      sql`, `,
    )})
    group by u.id order by u.usertype_id, count(*) desc, u.id`);
  const [individual, secondIndividual] = sellers.filter((seller) => seller.usertype_id === 1);
  const [business, secondBusiness] = sellers.filter((seller) => seller.usertype_id === 2);
  const momo = { provider: "mtn_momo", phone: "231881234567", currency: "USD" } as const;
  const orange = { provider: "orange_money", phone: ORANGE_TEST_NUMBERS.succeeds, currency: "USD" } as const;
  const plans = [
    ...(individual
      ? [
          { seller: individual, package: "Basic Boost", status: "successful", daysAgo: 3, forAd: true, ...momo },
          { seller: individual, package: "Premium Package", status: "failed", daysAgo: 1, forAd: true, ...momo },
        ]
      : []),
    ...(business
      ? [{ seller: business, package: "Business Starter", status: "successful", daysAgo: 10, forAd: false, ...momo }]
      : []),
    ...(secondIndividual
      ? [{ seller: secondIndividual, package: "Basic Boost", status: "successful", daysAgo: 2, forAd: true, ...orange }]
      : []),
    ...(secondBusiness
      ? [
          {
            seller: secondBusiness,
            package: "Business Starter",
            status: "successful",
            daysAgo: 6,
            forAd: false,
            ...orange,
            currency: "LRD",
          },
        ]
      : []),
  ];
  if (plans.some((plan) => plan.currency === "LRD")) await writeDemoRateHistory(db);
  for (const [index, plan] of plans.entries()) {
    const [pack] = await db.execute<{ id: number; price: number; days: number; visibility_boost: number }>(sql`
      select id, price::float8 as price, duration_days as days, visibility_boost from packages where name = ${plan.package}`);
    if (!pack) continue;
    const adId = plan.forAd ? plan.seller.ad_id : null;
    const type = plan.forAd ? "ad" : "user";
    const at = sql`now() - ${plan.daysAgo} * interval '1 day'`;
    // An L$ payment was charged at the rate in force that day, as POST /payments/{wallet} charges it.
    const rate =
      plan.currency === "LRD"
        ? (
            await db.execute<{ usd_lrd: number }>(sql`
              select coalesce(
                (select usd_lrd from exchange_rates where created_at <= ${at} order by created_at desc, id desc limit 1),
                (select usd_lrd from exchange_rates order by created_at, id limit 1))::float8 as usd_lrd`)
          )[0]!.usd_lrd
        : null;
    const amount = rate === null ? pack.price : lrdAmount(pack.price, rate);
    const [payment] = await db.execute<{ id: string }>(sql`
      insert into payments (id, user_id, package_id, ad_id, type, provider, amount, currency, amount_usd, usd_lrd,
        phone_number, status, reason, financial_transaction_id, checks, completed_at, receipt_sent_at, created_at,
        updated_at)
      values (gen_random_uuid(), ${plan.seller.user_id}, ${pack.id}, ${adId}, ${type}, ${plan.provider}, ${amount},
        ${plan.currency}, ${pack.price}, ${rate}, ${plan.phone}, ${plan.status},
        ${plan.status === "failed" ? "NOT_ENOUGH_FUNDS" : null},
        ${plan.status === "successful" ? String(1_000_000 + index) : null}, 1, ${at}, ${at}, ${at}, ${at})
      returning id`);
    if (plan.status !== "successful") continue;
    await db.execute(sql`
      insert into subscriptions (user_id, ad_id, package_id, type, status, start_date, end_date, payment_id,
        created_at, updated_at)
      values (${plan.seller.user_id}, ${adId}, ${pack.id}, ${type}, 'active', ${at}, ${at} + ${pack.days} * interval '1 day',
        ${payment!.id}, ${at}, ${at})`);
    await db.execute(sql`
      update ads set visibility_score = visibility_score + ${pack.visibility_boost}
      where ${adId === null ? sql`user_id = ${plan.seller.user_id} and status_id = 2` : sql`id = ${adId}`}`);
  }
}

/**
 * The rate's history, only when no rate exists yet: the exchange-rate part of the demo may have seeded its own
 * first, and that one then stays (whichever runs first writes the history, the other finds it).
 */
async function writeDemoRateHistory(db: Transaction) {
  const [existing] = await db.execute<{ id: number }>(sql`select id from exchange_rates limit 1`);
  if (existing) return;
  for (const rate of DEMO_RATE_HISTORY) {
    await db.execute(sql`
      insert into exchange_rates (usd_lrd, admin_id, note, created_at)
      values (${rate.usd_lrd}, null, 'CBL daily rate', now() - ${rate.daysAgo} * interval '1 day')`);
  }
}
