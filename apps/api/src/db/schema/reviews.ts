import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, primaryKey, smallint, text, uniqueIndex } from "drizzle-orm/pg-core";
import { ads } from "./ads.ts";
import { users } from "./users.ts";
import { cascadeReference, createdAt, id, timestamps } from "./columns.ts";

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

/**
 * A buyer's written review of an ad (spec §3 "Review"). `likes_count` and `replies_count` are kept in the same
 * transaction as the rows they count, so a page of reviews reads them without counting.
 */
export const reviews = pgTable(
  "reviews",
  {
    id: id(),
    ad_id: cascadeReference(() => ads.id),
    user_id: cascadeReference(() => users.id),
    content: text().notNull(),
    likes_count: integer().notNull().default(0),
    replies_count: integer().notNull().default(0),
    edited: boolean().notNull().default(false),
    ...timestamps,
  },
  (table) => [
    // The ad page's two sorts (spec §9: created_at, likes_count), newest first, read backwards.
    index("reviews_ad_created_idx").on(table.ad_id, table.created_at, table.id),
    index("reviews_ad_likes_idx").on(table.ad_id, table.likes_count, table.id),
    index("reviews_user_created_idx").on(table.user_id, table.created_at),
    check("reviews_counts_not_negative", sql`${table.likes_count} >= 0 and ${table.replies_count} >= 0`),
  ],
);

export const reviewLikes = pgTable(
  "review_likes",
  {
    review_id: cascadeReference(() => reviews.id),
    user_id: cascadeReference(() => users.id),
    ...createdAt,
  },
  (table) => [
    primaryKey({ columns: [table.review_id, table.user_id] }),
    index("review_likes_user_idx").on(table.user_id),
  ],
);

/** An answer under a review (spec §3 "Reply"), by anyone signed in; the ad's owner is tagged Owner by the client. */
export const replies = pgTable(
  "replies",
  {
    id: id(),
    review_id: cascadeReference(() => reviews.id),
    user_id: cascadeReference(() => users.id),
    content: text().notNull(),
    likes_count: integer().notNull().default(0),
    edited: boolean().notNull().default(false),
    ...timestamps,
  },
  (table) => [
    index("replies_review_created_idx").on(table.review_id, table.created_at, table.id),
    index("replies_user_idx").on(table.user_id),
    check("replies_likes_not_negative", sql`${table.likes_count} >= 0`),
  ],
);

export const replyLikes = pgTable(
  "reply_likes",
  {
    reply_id: cascadeReference(() => replies.id),
    user_id: cascadeReference(() => users.id),
    ...createdAt,
  },
  (table) => [
    primaryKey({ columns: [table.reply_id, table.user_id] }),
    index("reply_likes_user_idx").on(table.user_id),
  ],
);
