import { index, pgTable } from "drizzle-orm/pg-core";
import { ads } from "./ads.ts";
import { cascadeReference, createdAt, id } from "./columns.ts";
import { users } from "./users.ts";

/**
 * A signed-in buyer revealing an ad's phone number (issue 27): capped per buyer per day, counted per ad for the
 * seller's Insights.
 */
export const phoneReveals = pgTable(
  "phone_reveals",
  {
    id: id(),
    ad_id: cascadeReference(() => ads.id),
    buyer_id: cascadeReference(() => users.id),
    ...createdAt,
  },
  (table) => [
    index("phone_reveals_buyer_idx").on(table.buyer_id, table.created_at),
    index("phone_reveals_ad_idx").on(table.ad_id),
  ],
);
