import { sql } from "drizzle-orm";
import { boolean, index, integer, numeric, pgTable, smallint, text } from "drizzle-orm/pg-core";
import { ads } from "./ads.ts";
import { users } from "./users.ts";
import { cascadeReference, id, reference, timestamps, timestamptz } from "./columns.ts";

/** Boost packages (spec second document: Package id, name, price per month, description), for ads or businesses. */
export const packages = pgTable("packages", {
  id: id(),
  name: text().notNull(),
  description: text().notNull().default(""),
  /** USD per month. */
  price: numeric({ precision: 10, scale: 2, mode: "number" }).notNull(),
  /** "ad" boosts one ad, "user" a business. */
  type: text({ enum: ["ad", "user"] }).notNull(),
  duration_days: smallint().notNull().default(30),
  /** Added to the boosted ads' visibility_score while the subscription is active. */
  visibility_boost: integer().notNull().default(0),
  active: boolean().notNull().default(true),
  ...timestamps,
});

/** A paid boost of an ad (ad_id set) or a business (user-wide). Statuses: active, pending, canceled, expired. */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: id(),
    user_id: cascadeReference(() => users.id),
    ad_id: integer().references(() => ads.id, { onDelete: "cascade" }),
    package_id: reference(() => packages.id),
    type: text({ enum: ["ad", "user"] }).notNull(),
    status: text({ enum: ["active", "pending", "canceled", "expired"] })
      .notNull()
      .default("pending"),
    start_date: timestamptz(),
    end_date: timestamptz(),
    ...timestamps,
  },
  (table) => [
    index("subscriptions_ad_idx").on(table.ad_id, table.created_at),
    index("subscriptions_user_idx").on(table.user_id, table.type, table.created_at),
    index("subscriptions_active_ad_idx")
      .on(table.ad_id, table.end_date)
      .where(sql`status = 'active'`),
  ],
);
