import { sql, type SQL } from "drizzle-orm";
import type { Database, Transaction } from "../../db/database.ts";
import { writeVisibilityScores } from "../selling/visibility-scores.ts";
import { arrayLiteral } from "./analytics.queries.ts";

// visibility_score (docs/decisions/045-visibility-score.md).

/**
 * The service term's parts (decision 070): a verified phone, and quick answers (the share answered within a day, in
 * full when the median first answer is within an hour, half within a day). At most 20 together: less than the
 * smallest package's visibility_boost (100), so a boost always outranks service alone, as the packages promise.
 */
export const SERVICE_VERIFIED_PHONE = 10;
export const SERVICE_QUICK_ANSWERS = 10;
/**
 * Issue 33: the seller's stars from completed deals, from −SERVICE_DEAL_STARS (all 1 star) to +SERVICE_DEAL_STARS (all
 * 5), pulled towards 3 like the ads' stars. With the two above at most 30: still below the smallest package's boost.
 */
export const SERVICE_DEAL_STARS = 10;

/** Days of counts the score looks at, today included. */
export const SCORE_WINDOW_DAYS = 14;

/**
 * The score of each ad in `queued` (a relation with an `ad_id` column), as a relation (ad_id, score):
 *   10·ln(1 + views + 4·clicks + 10·saves)   over the last SCORE_WINDOW_DAYS days
 * + 10·(Bayesian average of the stars − 3)     the stars pulled towards 3 by five imaginary 3-star ratings
 * + boost                                      the visibility_boost of the ad's running package and of its seller's
 *                                              running business plan (decision 048)
 * + service                                    the seller's service level (decision 070): SERVICE_VERIFIED_PHONE for a
 *                                              verified phone, plus up to SERVICE_QUICK_ANSWERS for answering quickly,
 *                                              plus SERVICE_DEAL_STARS·(Bayesian average of their deals' stars − 3)/2
 * each part rounded to a whole number.
 */
function scores(queued: SQL, today: string): SQL {
  return sql`
    select q.ad_id,
      round(10 * ln(1 + coalesce(sg.views, 0) + 4 * coalesce(sg.clicks, 0) + 10 * coalesce(sg.saves, 0)))::int
      + round(10 * ((coalesce(st.stars, 0) + 15)::numeric / (coalesce(st.ratings, 0) + 5) - 3))::int
      + coalesce(bo.boost, 0)
      + coalesce(sv.service, 0)
      as score
    from ${queued} q
    left join lateral (
      select sum(k.visibility_boost) as boost
      from ads a
      join subscriptions sub on sub.status = 'active' and sub.end_date > now()
        and (sub.ad_id = a.id or (sub.type = 'user' and sub.ad_id is null and sub.user_id = a.user_id))
      join packages k on k.id = sub.package_id
      where a.id = q.ad_id
    ) bo on true
    left join lateral (
      select (case when u.verified_phone_number is not null then ${SERVICE_VERIFIED_PHONE} else 0 end)
        + coalesce(round(${SERVICE_QUICK_ANSWERS} * rs.response_rate * case
            when rs.response_time_minutes <= 60 then 1
            when rs.response_time_minutes <= 24 * 60 then 0.5
            else 0 end), 0)::int
        + round(${SERVICE_DEAL_STARS} * ((
            select (coalesce(sum(r.stars), 0) + 15)::numeric / (count(*) + 5) from user_reviews r where r.subject_id = u.id
          ) - 3) / 2)::int as service
      from ads a join users u on u.id = a.user_id left join response_stats rs on rs.user_id = u.id
      where a.id = q.ad_id
    ) sv on true
    left join lateral (
      select sum(s.views) as views, sum(s.clicks) as clicks, sum(s.saves) as saves
      from ad_daily_stats s
      where s.ad_id = q.ad_id and s.day > ${today}::date - ${SCORE_WINDOW_DAYS}::int
    ) sg on true
    left join lateral (
      select count(*) as ratings, sum(r.stars) as stars from ratings r where r.ad_id = q.ad_id
    ) st on true`;
}

/**
 * Takes up to `batch` ads off the rescore queue. Its own statement, before the scores are computed in a later one:
 * counts a batch commits meanwhile are then seen, and a batch that commits after this queues its ad again.
 */
export async function takeQueuedAds(tx: Transaction, batch: number): Promise<number[]> {
  const rows = await tx.execute<{ ad_id: number }>(sql`
    delete from analytics_rescore_ads where ad_id in (
      select ad_id from analytics_rescore_ads order by ad_id limit ${batch} for update skip locked)
    returning ad_id`);
  return rows.map((row) => row.ad_id);
}

/** Has selling, the ads' owner, write the new score of those of these ads whose score changed; returns how many. */
export async function updateScores(tx: Transaction, adIds: readonly number[], today: string): Promise<number> {
  if (adIds.length === 0) return 0;
  const queued = sql`(select unnest(${arrayLiteral(adIds)}::int[]) as ad_id)`;
  return writeVisibilityScores(tx, scores(queued, today));
}

/** Queues these ads for the score job, in id order (concurrent writers then wait for each other, never deadlock). */
export async function queueRescore(tx: Transaction, adIds: readonly number[]): Promise<void> {
  if (adIds.length === 0) return;
  await tx.execute(sql`
    insert into analytics_rescore_ads (ad_id)
    select distinct unnest(${arrayLiteral(adIds)}::int[]) order by 1
    on conflict do nothing`);
}

/** Queues the ads with counts on the days that left the score's window by `today` (the last `days` of them). */
export async function queueAdsLeavingWindow(db: Database, today: string, days: number): Promise<number> {
  const queued = await db.execute(sql`
    insert into analytics_rescore_ads (ad_id)
    select distinct ad_id from ad_daily_stats
    where day > ${today}::date - ${SCORE_WINDOW_DAYS + days}::int and day <= ${today}::date - ${SCORE_WINDOW_DAYS}::int
    order by ad_id
    on conflict do nothing`);
  return queued.count;
}

/** The seller's active ads: a business plan lifts all of them. */
export async function findSellerActiveAdIds(db: Pick<Database, "execute">, userId: number): Promise<number[]> {
  const rows = await db.execute<{ id: number }>(sql`select id from ads where user_id = ${userId} and status_id = 2`);
  return rows.map((row) => row.id);
}
