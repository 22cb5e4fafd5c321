import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, smallint, uniqueIndex } from "drizzle-orm/pg-core";
import { ads } from "./ads.ts";
import { users } from "./users.ts";
import { id, timestamps } from "./columns.ts";

/** One rating per user and ad (spec §4 "Rating": the first creates, later ones update). */
export const ratings = pgTable(
  "ratings",
  {
    id: id(),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ad_id: integer()
      .notNull()
      .references(() => ads.id, { onDelete: "cascade" }),
    stars: smallint().notNull(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("ratings_user_ad_unique").on(table.user_id, table.ad_id),
    index("ratings_ad_idx").on(table.ad_id, table.stars),
    check("ratings_stars_range", sql`${table.stars} between 1 and 5`),
  ],
);
