import { integer, pgTable, real } from "drizzle-orm/pg-core";
import { cascadeReference, timestamptz } from "./columns.ts";
import { users } from "./users.ts";

/**
 * How a user answers chats over the last 90 days (issue 27): of the conversations others opened with them, how many
 * they answered within 24 hours, and the median minutes to their first answer. Kept up to date by chat events and a
 * daily sweep (the window slides), never computed per request.
 */
export const responseStats = pgTable("response_stats", {
  user_id: cascadeReference(() => users.id).primaryKey(),
  /** Conversations others opened with this user in the window. */
  chats_count: integer().notNull().default(0),
  /** Of those, answered within 24 hours. */
  answered_count: integer().notNull().default(0),
  /** answered_count / chats_count, 0..1; null below the minimum number of chats. */
  response_rate: real(),
  /** Median minutes to the first answer; null below the minimum number of chats. */
  response_time_minutes: integer(),
  computed_at: timestamptz().notNull().defaultNow(),
});
