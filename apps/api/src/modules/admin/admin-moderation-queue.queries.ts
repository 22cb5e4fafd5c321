import { sql, type SQL } from "drizzle-orm";
import type {
  TModerationQueueFlagged,
  TModerationQueueReviewed,
} from "@waterside/shared/admin-moderation-queue-messages";
import { AD_STATUS } from "@waterside/shared/reference-ids";
import { REPORT_STATUS } from "@waterside/shared/reports-messages";
import type { Database } from "../../db/database.ts";

/** Each matches one partial index of moderation_queue_ads (or its primary key for every ad). */
const reviewedCondition: Record<TModerationQueueReviewed, SQL> = {
  no: sql`q.reviewed_at is null`,
  yes: sql`q.reviewed_at is not null`,
  all: sql`true`,
};

/** Which ads of the queue a `reviewed` and `flagged` filter keeps. */
export interface QueueFilter {
  reviewed: TModerationQueueReviewed;
  flagged: TModerationQueueFlagged;
}

/**
 * Only ads the posting checks flagged (issue 28): a semi-join on ad_flags, whose unique index leads with ad_id, so
 * the walk along moderation_queue_ads checks each ad with one index probe, or PostgreSQL hashes the few flagged ids.
 */
const flaggedCondition: Record<TModerationQueueFlagged, SQL> = {
  all: sql`true`,
  yes: sql`exists (select 1 from ad_flags f where f.ad_id = q.ad_id)`,
};

const queueCondition = (filter: QueueFilter) =>
  sql`${reviewedCondition[filter.reviewed]} and ${flaggedCondition[filter.flagged]}`;

const openReport = sql`r.status_id <> ${REPORT_STATUS.resolved}`;
/**
 * The ads held by reports: Pending (only reports set it, decision 043) with a report not Resolved yet. Read from the
 * few open reports, not from a million ads (no index reads ads by status), and kept apart from the queue's walk: a
 * join with ads there would make PostgreSQL walk both tables side by side.
 */
const heldAdIds = sql`select a.id from ads a where a.status_id = ${AD_STATUS.pending}
  and a.id in (select r.ad_id from ad_reports r where ${openReport})`;

/** How many ads the queue holds for a `reviewed` filter, exactly, and how many of them are held by reports. */
export async function countQueue(db: Database, filter: QueueFilter) {
  const [counts] = await db.execute<{ total: number; held: number }>(sql`
    select (select count(*)::int from moderation_queue_ads q where ${queueCondition(filter)}) as total,
      (select count(*)::int from moderation_queue_ads q
        where q.ad_id in (${heldAdIds}) and ${queueCondition(filter)}) as held`);
  return counts ?? { total: 0, held: 0 };
}

/** A page of the ads held by reports, newest first. */
export async function findHeldAdIds(db: Database, filter: QueueFilter, limit: number, offset: number) {
  const rows = await db.execute<{ id: number }>(sql`
    select q.ad_id as id from moderation_queue_ads q
    where q.ad_id in (${heldAdIds}) and ${queueCondition(filter)}
    order by q.ad_id desc limit ${limit} offset ${offset}`);
  return rows.map((row) => row.id);
}

/**
 * A page of the other ads, newest first: ids grow with every ad posted, which is what "new since I last looked"
 * means. The walk goes backwards along the filter's index and stops when the page is full.
 */
export async function findNewestAdIds(db: Database, filter: QueueFilter, limit: number, offset: number) {
  const rows = await db.execute<{ id: number }>(sql`
    select q.ad_id as id from moderation_queue_ads q
    where q.ad_id not in (${heldAdIds}) and ${queueCondition(filter)}
    order by q.ad_id desc limit ${limit} offset ${offset}`);
  return rows.map((row) => row.id);
}

/** The marks and open reports of the given ads. */
export async function findQueueMarks(db: Database, adIds: number[]) {
  if (adIds.length === 0) return [];
  return db.execute<{
    ad_id: number;
    reviewed_at: Date | null;
    reviewed_by: { id: number; name: string } | null;
    open_reports_count: number;
  }>(sql`
    select q.ad_id, q.reviewed_at,
      case when q.reviewed_by is null then null else json_build_object('id', ad.id, 'name', ad.name) end
        as reviewed_by,
      (select count(*)::int from ad_reports r where r.ad_id = q.ad_id and ${openReport}) as open_reports_count
    from moderation_queue_ads q
    left join admins ad on ad.id = q.reviewed_by
    where q.ad_id in ${adIds}`);
}
