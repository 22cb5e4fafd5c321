import { AD_STATUS } from "@waterside/shared/reference-ids";
import { sql, type SQL } from "drizzle-orm";
import type { Database, Transaction } from "../../db/database.ts";

/**
 * What a mark or a count is of (analytics_marks.kind): a card seen (80% visible), a card clicked, an ad saved, the
 * seller contacted (the phone number revealed or a chat started about the ad).
 */
export const ANALYTICS_KIND = { view: 1, click: 2, save: 3, contact: 4 } as const;
export type AnalyticsKind = (typeof ANALYTICS_KIND)[keyof typeof ANALYTICS_KIND];

/** One event to count: at most once per day, ad, kind and viewer (decision 044). */
export interface AnalyticsEvent {
  /** UTC day, YYYY-MM-DD. */
  day: string;
  adId: number;
  kind: AnalyticsKind;
  /** Keyed hash of the viewer (a signed 64-bit integer, as text). */
  viewer: string;
  /** Keyed hash of a signed-out visitor's address, or null for a signed-in user. */
  address: string | null;
}

type Executor = Database | Transaction;

/** A PostgreSQL array literal of values we produced ourselves (numbers, checked days, hashes): one parameter. */
const arrayLiteral = (values: ReadonlyArray<string | number | null>) =>
  `{${values.map((value) => (value === null ? "NULL" : String(value))).join(",")}}`;

/**
 * Counts a batch of events in one statement: each new mark (day, ad, kind, viewer) adds one to its ad's day, a
 * repeat adds nothing. Signed-out visitors behind one address count at most `visitorsPerAddress` per ad, kind and
 * day. Only ads still active count. Rows are written in key order, so concurrent batches (other processes, a save
 * in its transaction) wait for each other instead of deadlocking. Returns how many events counted.
 */
export async function writeEvents(
  db: Executor,
  events: readonly AnalyticsEvent[],
  visitorsPerAddress: number,
): Promise<number> {
  if (events.length === 0) return 0;
  const [row] = await db.execute<{ counted: number }>(sql`
    with incoming as (
      select * from unnest(
        ${arrayLiteral(events.map((event) => event.day))}::date[],
        ${arrayLiteral(events.map((event) => event.adId))}::int[],
        ${arrayLiteral(events.map((event) => event.kind))}::smallint[],
        ${arrayLiteral(events.map((event) => event.viewer))}::bigint[],
        ${arrayLiteral(events.map((event) => event.address))}::bigint[]
      ) as e(day, ad_id, kind, viewer, address)
    ),
    ranked as (
      select e.*, row_number() over (partition by e.day, e.ad_id, e.kind, e.address order by e.viewer) as position
      from incoming e
    ),
    allowed as (
      select r.day, r.ad_id, r.kind, r.viewer, r.address from ranked r
      where r.address is null or r.position + (
        select count(*) from (
          select 1 from analytics_marks m
          where m.day = r.day and m.ad_id = r.ad_id and m.kind = r.kind and m.address = r.address
          limit ${visitorsPerAddress}::int) seen
      ) <= ${visitorsPerAddress}::int
    ),
    fresh as (
      insert into analytics_marks (day, ad_id, kind, viewer, address)
      select day, ad_id, kind, viewer, address from allowed order by day, ad_id, kind, viewer
      on conflict do nothing
      returning day, ad_id, kind
    ),
    counted as (
      select f.ad_id, f.day,
        count(*) filter (where f.kind = 1)::int as views,
        count(*) filter (where f.kind = 2)::int as clicks,
        count(*) filter (where f.kind = 3)::int as saves,
        count(*) filter (where f.kind = 4)::int as contacts
      from fresh f
      where exists (select 1 from ads a where a.id = f.ad_id and a.status_id = ${AD_STATUS.active})
      group by f.ad_id, f.day
    ),
    rolled as (
      insert into ad_daily_stats as s (ad_id, day, views, clicks, saves, contacts)
      select ad_id, day, views, clicks, saves, contacts from counted order by ad_id, day
      on conflict (ad_id, day) do update
        set views = s.views + excluded.views, clicks = s.clicks + excluded.clicks, saves = s.saves + excluded.saves,
          contacts = s.contacts + excluded.contacts
      returning s.ad_id
    ),
    queued as (
      insert into analytics_rescore_ads (ad_id)
      select distinct ad_id from rolled order by ad_id
      on conflict do nothing
    )
    select coalesce((select sum(views + clicks + saves + contacts) from counted), 0)::int as counted`);
  return row?.counted ?? 0;
}

/** Which of these ads are active, with their owners (whose own views do not count). */
export async function findActiveAdOwners(db: Database, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db.execute<{ id: number; user_id: number }>(sql`
    select id, user_id from ads where id = any(${arrayLiteral(ids)}::int[]) and status_id = ${AD_STATUS.active}`);
  return new Map(rows.map((row) => [row.id, row.user_id]));
}

/** The owner of an ad, whatever its status, or undefined when it does not exist. */
export async function findAdOwner(db: Executor, adId: number): Promise<number | undefined> {
  const [row] = await db.execute<{ user_id: number }>(sql`select user_id from ads where id = ${adId}`);
  return row?.user_id;
}

export type DayCounts = {
  date: string;
  views: number;
  saves: number;
  clicks: number;
  contacts: number;
};

/** One ad's counted days in the range: one range read of the primary key. */
export async function findAdDays(db: Database, adId: number, start: string, end: string): Promise<DayCounts[]> {
  return [
    ...(await db.execute<DayCounts>(sql`
      select to_char(day, 'YYYY-MM-DD') as date, views, saves, clicks, contacts
      from ad_daily_stats where ad_id = ${adId} and day between ${start}::date and ${end}::date
      order by day`)),
  ];
}

/** The seller's ads, optionally only some of them, as a condition on `a`. */
const sellerAds = (userId: number, adIds?: readonly number[]) =>
  sql`a.user_id = ${userId}${adIds ? sql` and a.id = any(${arrayLiteral(adIds)}::int[])` : sql``}`;

const dayRange = (range: { start: string; end: string } | null): SQL =>
  range ? sql` and s.day between ${range.start}::date and ${range.end}::date` : sql``;

/** The seller's counted days over all their ads: their ads by the seller's index, then each ad's range. */
export async function findSellerDays(db: Database, userId: number, start: string, end: string): Promise<DayCounts[]> {
  return [
    ...(await db.execute<DayCounts>(sql`
      select to_char(s.day, 'YYYY-MM-DD') as date,
        sum(s.views)::int as views, sum(s.saves)::int as saves, sum(s.clicks)::int as clicks,
        sum(s.contacts)::int as contacts
      from ads a join ad_daily_stats s on s.ad_id = a.id
      where ${sellerAds(userId)}${dayRange({ start, end })}
      group by s.day order by s.day`)),
  ];
}

export type Totals = {
  views: number;
  saves: number;
  clicks: number;
  contacts: number;
};

/** The seller's totals over all their ads in the range. */
export async function findSellerTotals(db: Database, userId: number, start: string, end: string): Promise<Totals> {
  const [row] = await db.execute<Totals>(sql`
    select coalesce(sum(s.views), 0)::int as views, coalesce(sum(s.saves), 0)::int as saves,
      coalesce(sum(s.clicks), 0)::int as clicks, coalesce(sum(s.contacts), 0)::int as contacts
    from ads a join ad_daily_stats s on s.ad_id = a.id
    where ${sellerAds(userId)}${dayRange({ start, end })}`);
  return row ?? { views: 0, saves: 0, clicks: 0, contacts: 0 };
}

export type AdTotalsRow = Totals & {
  ad_id: number;
  title: string;
  /** The sum of `order`'s count over every ad the query matched, before the limit. */
  overall: number;
};

/**
 * Per-ad totals of the seller's ads (all, or those of `adIds`), zeros included, the most of `order` first. The
 * range is null for all time.
 */
export async function findAdTotals(
  db: Database,
  userId: number,
  {
    range,
    adIds,
    order,
    limit,
  }: { range: { start: string; end: string } | null; adIds?: readonly number[]; order: keyof Totals; limit: number },
): Promise<AdTotalsRow[]> {
  const column = { views: sql`views`, saves: sql`saves`, clicks: sql`clicks`, contacts: sql`contacts` }[order];
  return [
    ...(await db.execute<AdTotalsRow>(sql`
      with totals as (
        select a.id as ad_id, a.title,
          coalesce(sum(s.views), 0)::int as views, coalesce(sum(s.saves), 0)::int as saves,
          coalesce(sum(s.clicks), 0)::int as clicks, coalesce(sum(s.contacts), 0)::int as contacts
        from ads a left join ad_daily_stats s on s.ad_id = a.id${dayRange(range)}
        where ${sellerAds(userId, adIds)}
        group by a.id
      )
      select *, (sum(${column}) over ())::int as overall from totals
      order by ${column} desc, ad_id desc limit ${limit}`)),
  ];
}

// visibility_score (docs/decisions/045-visibility-score.md).

/** Days of counts the score looks at, today included. */
export const SCORE_WINDOW_DAYS = 14;

/**
 * The score of each ad in `queued` (a relation with an `ad_id` column), as a relation (ad_id, score):
 *   10·ln(1 + views + 4·clicks + 10·saves)   over the last SCORE_WINDOW_DAYS days
 * + 10·(Bayesian average of the stars − 3)     the stars pulled towards 3 by five imaginary 3-star ratings
 * + boost                                      the visibility_boost of the ad's running package and of its seller's
 *                                              running business plan (decision 048)
 * each part rounded to a whole number.
 */
function scores(queued: SQL, today: string): SQL {
  return sql`
    select q.ad_id,
      round(10 * ln(1 + coalesce(sg.views, 0) + 4 * coalesce(sg.clicks, 0) + 10 * coalesce(sg.saves, 0)))::int
      + round(10 * ((coalesce(st.stars, 0) + 15)::numeric / (coalesce(st.ratings, 0) + 5) - 3))::int
      + coalesce(bo.boost, 0)
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

/** Writes the new score of those of these ads whose score changed, in one statement; returns how many. */
export async function updateScores(tx: Transaction, adIds: readonly number[], today: string): Promise<number> {
  if (adIds.length === 0) return 0;
  const queued = sql`(select unnest(${arrayLiteral(adIds)}::int[]) as ad_id)`;
  const updated = await tx.execute(sql`
    update ads a set visibility_score = sc.score
    from (${scores(queued, today)}) sc
    where a.id = sc.ad_id and a.visibility_score <> sc.score`);
  return updated.count;
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

/** Deletes up to `batch` marks of days before `before`; returns how many (0 when none are left). */
export async function pruneMarks(db: Database, before: string, batch: number): Promise<number> {
  const deleted = await db.execute(sql`
    delete from analytics_marks where ctid = any(array(
      select ctid from analytics_marks where day < ${before}::date limit ${batch}))`);
  return deleted.count;
}

/** The seller's active ads: a business plan lifts all of them. */
export async function findSellerActiveAdIds(db: Pick<Database, "execute">, userId: number): Promise<number[]> {
  const rows = await db.execute<{ id: number }>(sql`select id from ads where user_id = ${userId} and status_id = 2`);
  return rows.map((row) => row.id);
}
