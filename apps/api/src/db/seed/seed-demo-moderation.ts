import { AD_STATUS } from "@waterside/shared/reference-ids";
import { REPORT_STATUS } from "@waterside/shared/reports-messages";
import { sql } from "drizzle-orm";
import type { Transaction } from "../database.ts";

/**
 * Ads posted in the last days wait in the moderation queue, with the ads the posting checks flagged (issue 28); older
 * ones were reviewed two hours after posting. Every date is capped at the time of seeding (`now()`): an ad hidden
 * within its first two hours was hidden just now, never in the future.
 */
const DEMO_UNREVIEWED_DAYS = 3;
const DEMO_REVIEW_DELAY = "2 hours";

/**
 * The demo admin's past work, so the admin area opens as it looks in use: the older ads reviewed in the moderation
 * queue (decision 052), and the audit log (decision 049) holding one record for each demo ad the admin hid, each
 * report they handled and each ad they reviewed, dated when it happened.
 */
export async function writeDemoModeration(db: Transaction, adminId: number) {
  // Seeded ads are written directly, not posted: they enter the queue here, as a posted ad does (`ad.created`).
  await db.execute(sql`insert into moderation_queue_ads (ad_id) select id from ads on conflict do nothing`);
  await db.execute(sql`
    update moderation_queue_ads q
    set reviewed_by = ${adminId}, reviewed_at = least(a.created_at + ${DEMO_REVIEW_DELAY}::interval, now())
    from ads a
    where a.id = q.ad_id and a.created_at < now() - make_interval(days => ${DEMO_UNREVIEWED_DAYS})
      and not exists (select 1 from ad_flags f where f.ad_id = a.id)`);
  await db.execute(sql`
    insert into admin_audit_log (admin_id, action, target_type, target_id, before, after, created_at)
    select ${adminId}::int, 'ad.mark_reviewed', 'ad', q.ad_id, null,
      jsonb_build_object('reviewed_by', q.reviewed_by, 'reviewed_at', q.reviewed_at), q.reviewed_at
    from moderation_queue_ads q where q.reviewed_at is not null
    union all
    select ${adminId}::int, 'ad.status', 'ad', a.id, jsonb_build_object('status_id', ${AD_STATUS.active}::int),
      jsonb_build_object('status_id', a.status_id), least(a.created_at + ${DEMO_REVIEW_DELAY}::interval, now())
    from ads a where a.status_id = ${AD_STATUS.hidden}
    union all
    select ${adminId}::int, 'ad_report.status', 'ad_report', r.id,
      jsonb_build_object('status_id', ${REPORT_STATUS.unresolved}::int, 'admin_response', null),
      jsonb_build_object('status_id', r.status_id, 'admin_response', r.admin_response), least(r.updated_at, now())
    from ad_reports r where r.status_id <> ${REPORT_STATUS.unresolved}
    union all
    select ${adminId}::int, 'user_report.status', 'user_report', r.id,
      jsonb_build_object('status_id', ${REPORT_STATUS.unresolved}::int, 'admin_response', null),
      jsonb_build_object('status_id', r.status_id, 'admin_response', r.admin_response), least(r.updated_at, now())
    from user_reports r where r.status_id <> ${REPORT_STATUS.unresolved}
    order by 7`);
}
