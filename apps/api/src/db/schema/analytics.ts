import { sql } from "drizzle-orm";
import { bigint, date, index, integer, pgTable, primaryKey, smallint } from "drizzle-orm/pg-core";
import { ads } from "./ads.ts";
import { cascadeReference } from "./columns.ts";

// Ad analytics (docs/decisions/044-analytics-ingestion.md). These tables are derived counts, not records a person
// wrote: `day` (a UTC day, which is Liberia's) is their time, so they carry no created_at/updated_at.

/**
 * One ad's counts for one day: a year of an ad's history is one range read of its primary key. Updated in place by
 * the batched writes; no indexed column changes then, so PostgreSQL can update it without touching the indexes.
 */
export const adDailyStats = pgTable(
  "ad_daily_stats",
  {
    ad_id: cascadeReference(() => ads.id),
    day: date({ mode: "string" }).notNull(),
    views: integer().notNull().default(0),
    saves: integer().notNull().default(0),
    clicks: integer().notNull().default(0),
    /** Buyers who asked for the seller's phone number or started a chat about the ad (decision 044). */
    contacts: integer().notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.ad_id, table.day] }),
    // The day's job finds the ads whose oldest counted day just left the score's window (decision 045).
    index("ad_daily_stats_day_idx").on(table.day),
  ],
);

/**
 * "This viewer already counted for this ad, kind and day": a view, click, save or contact counts at most once per
 * viewer, ad and day. `viewer` and `address` are keyed hashes (never a user id, IP or device id as such); `address`
 * is set for signed-out visitors only, to cap how many of them one address can count. Kept for today and yesterday
 * only: the day's job deletes older marks, so no foreign key (a deleted ad's marks simply age out).
 */
export const analyticsMarks = pgTable(
  "analytics_marks",
  {
    day: date({ mode: "string" }).notNull(),
    ad_id: integer().notNull(),
    kind: smallint().notNull(),
    viewer: bigint({ mode: "bigint" }).notNull(),
    address: bigint({ mode: "bigint" }),
  },
  (table) => [
    primaryKey({ columns: [table.day, table.ad_id, table.kind, table.viewer] }),
    index("analytics_marks_address_idx")
      .on(table.day, table.ad_id, table.kind, table.address)
      .where(sql`address is not null`),
  ],
);

/**
 * Ads whose visibility_score may have changed: written with their counts (and on `ratings.changed`), emptied
 * by the score job, which then recomputes only these ads (decision 045).
 */
export const analyticsRescoreAds = pgTable("analytics_rescore_ads", {
  ad_id: integer().primaryKey(),
});
