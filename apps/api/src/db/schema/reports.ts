import { sql } from "drizzle-orm";
import { index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { ads } from "./ads.ts";
import { users } from "./users.ts";
import { cascadeReference, id, lookupColumns, lookupReference, timestamps } from "./columns.ts";

/** 1 Unresolved, 2 Under Review, 3 Resolved: the ids of the spec's report status enum (§3). */
export const reportStatuses = pgTable("report_statuses", lookupColumns());

/** A user's report of an ad (spec §3 "Ad report"). `user_id` is the reporter. */
export const adReports = pgTable(
  "ad_reports",
  {
    id: id(),
    ad_id: cascadeReference(() => ads.id),
    user_id: cascadeReference(() => users.id),
    reason: text().notNull(),
    admin_response: text(),
    status_id: lookupReference(() => reportStatuses.id).default(1),
    ...timestamps,
  },
  (table) => [
    // One open report per reporter and ad: a repeat is answered, not stored twice.
    uniqueIndex("ad_reports_open_unique")
      .on(table.user_id, table.ad_id)
      .where(sql`status_id <> 3`),
    index("ad_reports_user_created_idx").on(table.user_id, table.created_at),
    index("ad_reports_ad_idx").on(table.ad_id, table.status_id),
    index("ad_reports_status_updated_idx").on(table.status_id, table.updated_at),
  ],
);

/** A user's report of another user (spec §3 "User report"). */
export const userReports = pgTable(
  "user_reports",
  {
    id: id(),
    reporter_user_id: cascadeReference(() => users.id),
    reported_user_id: cascadeReference(() => users.id),
    reason: text().notNull(),
    admin_response: text(),
    status_id: lookupReference(() => reportStatuses.id).default(1),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("user_reports_open_unique")
      .on(table.reporter_user_id, table.reported_user_id)
      .where(sql`status_id <> 3`),
    index("user_reports_reporter_created_idx").on(table.reporter_user_id, table.created_at),
    index("user_reports_reported_idx").on(table.reported_user_id),
    index("user_reports_status_updated_idx").on(table.status_id, table.updated_at),
  ],
);
