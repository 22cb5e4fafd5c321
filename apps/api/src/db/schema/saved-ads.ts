import { index, numeric, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { ads } from "./ads.ts";
import { users } from "./users.ts";
import { cascadeReference, createdAt } from "./columns.ts";

export const savedAds = pgTable(
  "saved_ads",
  {
    user_id: cascadeReference(() => users.id),
    ad_id: cascadeReference(() => ads.id),
    /**
     * The price the saver last saw or was told (issue 29, decision 081): set when saving, lowered when a price drop of
     * at least PRICE_DROP_MIN_SHARE is notified. A later drop is measured against it, so small cuts add up.
     */
    price_seen: numeric({ precision: 12, scale: 2, mode: "number" }),
    /** What price_seen was before the latest notified drop: Saved Items' "Was $7,000". Null until a drop. */
    was_price: numeric({ precision: 12, scale: 2, mode: "number" }),
    /**
     * The currency price_seen and was_price are in: the ad's own when last seen (decision 088). Drops are measured in
     * the seller's currency, so a new exchange rate is never a drop, and a switch of currency starts afresh.
     */
    currency_seen: text().notNull().default("USD"),
    ...createdAt,
  },
  (table) => [
    primaryKey({ columns: [table.user_id, table.ad_id] }),
    index("saved_ads_ad_idx").on(table.ad_id),
    index("saved_ads_user_created_idx").on(table.user_id, table.created_at),
  ],
);
