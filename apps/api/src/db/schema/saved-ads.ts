import { index, integer, pgTable, primaryKey, timestamp } from "drizzle-orm/pg-core";
import { ads } from "./ads.ts";
import { users } from "./users.ts";

export const savedAds = pgTable(
  "saved_ads",
  {
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ad_id: integer()
      .notNull()
      .references(() => ads.id, { onDelete: "cascade" }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.user_id, table.ad_id] }),
    index("saved_ads_ad_idx").on(table.ad_id),
    index("saved_ads_user_created_idx").on(table.user_id, table.created_at),
  ],
);
