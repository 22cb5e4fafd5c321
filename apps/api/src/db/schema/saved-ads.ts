import { index, pgTable, primaryKey } from "drizzle-orm/pg-core";
import { ads } from "./ads.ts";
import { users } from "./users.ts";
import { cascadeReference, createdAt } from "./columns.ts";

export const savedAds = pgTable(
  "saved_ads",
  {
    user_id: cascadeReference(() => users.id),
    ad_id: cascadeReference(() => ads.id),
    ...createdAt,
  },
  (table) => [
    primaryKey({ columns: [table.user_id, table.ad_id] }),
    index("saved_ads_ad_idx").on(table.ad_id),
    index("saved_ads_user_created_idx").on(table.user_id, table.created_at),
  ],
);
