import { sql } from "drizzle-orm";
import { check, index, integer, pgTable } from "drizzle-orm/pg-core";
import { admins } from "./admin-auth.ts";
import { ads } from "./ads.ts";
import { timestamptz } from "./columns.ts";

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
