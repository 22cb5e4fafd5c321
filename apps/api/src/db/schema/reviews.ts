import { sql } from "drizzle-orm";
import { check, index, pgTable, smallint, uniqueIndex } from "drizzle-orm/pg-core";
import { ads } from "./ads.ts";
import { users } from "./users.ts";
import { cascadeReference, id, timestamps } from "./columns.ts";

/** One rating per user and ad (spec §4 "Rating": the first creates, later ones update). */
export const ratings = pgTable(
  "ratings",
  {
    id: id(),
    user_id: cascadeReference(() => users.id),
    ad_id: cascadeReference(() => ads.id),
    stars: smallint().notNull(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("ratings_user_ad_unique").on(table.user_id, table.ad_id),
    index("ratings_ad_idx").on(table.ad_id, table.stars),
    check("ratings_stars_range", sql`${table.stars} between 1 and 5`),
  ],
);
