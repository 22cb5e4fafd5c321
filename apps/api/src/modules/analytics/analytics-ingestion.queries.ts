import { AD_STATUS } from "@waterside/shared/reference-ids";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { arrayLiteral, type AnalyticsKind, type Executor } from "./analytics.queries.ts";

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

/** Deletes up to `batch` marks of days before `before`; returns how many (0 when none are left). */
export async function pruneMarks(db: Database, before: string, batch: number): Promise<number> {
  const deleted = await db.execute(sql`
    delete from analytics_marks where ctid = any(array(
      select ctid from analytics_marks where day < ${before}::date limit ${batch}))`);
  return deleted.count;
}
