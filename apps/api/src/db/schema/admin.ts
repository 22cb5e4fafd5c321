import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { admins } from "./admin-auth.ts";
import { ads } from "./ads.ts";
import { createdAt, timestamptz } from "./columns.ts";

/**
 * Every admin write (issue 16, decision 049): who, when, what, and the status before and after. Rows are only ever
 * inserted: no route updates or deletes them, and a trigger refuses it (migration 0016).
 */
export const adminAuditLog = pgTable(
  "admin_audit_log",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    admin_id: integer()
      .notNull()
      .references(() => admins.id),
    /** What was done, e.g. "ad.status", "user.status", "report.status", "review.delete", "category.create". */
    action: text().notNull(),
    /** What it was done to: "ad", "user", "ad_report", "review", "category" … and its id. */
    target_type: text().notNull(),
    target_id: integer().notNull(),
    before: jsonb(),
    after: jsonb(),
    ...createdAt,
  },
  (table) => [
    index("admin_audit_log_created_idx").on(table.created_at),
    index("admin_audit_log_target_idx").on(table.target_type, table.target_id),
  ],
);

/**
 * The moderation queue (issue 16, decision 052): one row per ad, written when the ad is posted (the queue's
 * `ad.created` reaction), with its "reviewed" mark; `reviewed_at` null means not reviewed yet. A table of its own
 * rather than columns on `ads`: every UPDATE of ads fires the subcategory counts, search titles and `ads_changed`
 * triggers (migrations 0001, 0004, 0007), which would empty the public caches at each mark.
 */
export const moderationQueueAds = pgTable(
  "moderation_queue_ads",
  {
    ad_id: integer()
      .primaryKey()
      .references(() => ads.id, { onDelete: "cascade" }),
    /** Admins are never deleted while they have records (decision 049), so no cascade here either. */
    reviewed_by: integer().references(() => admins.id),
    reviewed_at: timestamptz(),
  },
  (table) => [
    check("moderation_queue_ads_mark", sql`(${table.reviewed_by} is null) = (${table.reviewed_at} is null)`),
    // Each filter of the queue walks its own part newest first and stops when the page is full, however few ads
    // are left on that side (an anti-join along all ads would read every reviewed ad to find the last unreviewed).
    index("moderation_queue_ads_unreviewed_idx")
      .on(table.ad_id)
      .where(sql`reviewed_at is null`),
    index("moderation_queue_ads_reviewed_idx")
      .on(table.ad_id)
      .where(sql`reviewed_at is not null`),
  ],
);
