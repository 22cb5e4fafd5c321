import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
} from "drizzle-orm/pg-core";
import { ads } from "./ads.ts";
import { users } from "./users.ts";
import { cascadeReference, id, timestamps, timestamptz } from "./columns.ts";

const tsquery = customType<{ data: string }>({ dataType: () => "tsquery" });

/**
 * A buyer's saved search (issue 29, decision 080): the filters of POST /ads/get, how often to be told and by which
 * channels. `match_key` is the percolator's index: the one requirement every matching ad must meet that narrows
 * most ('s:<subcategory>', 'c:<category>', 'l:<location>', 'w:<search lexeme>', or 'p' for a price-only search), so a
 * new ad reads only the searches filed under one of its own keys, never all of them.
 */
export const savedSearches = pgTable(
  "saved_searches",
  {
    id: id(),
    user_id: cascadeReference(() => users.id),
    name: text().notNull(),
    /** The POST /ads/get filter shape, sort and paging fields dropped. */
    filters: jsonb().notNull(),
    frequency: text().notNull(),
    push: boolean().notNull(),
    email: boolean().notNull(),
    sms: boolean().notNull(),
    match_key: text().notNull(),
    // What a candidate must meet, kept beside the filters so the percolator's read checks it in PostgreSQL and only
    // the searches an ad may match leave the database (decision 083). Generated, they never disagree with `filters`.
    subcategory_id: integer().generatedAlwaysAs(sql`(filters->>'subcategory_id')::int`),
    category_id: integer().generatedAlwaysAs(sql`(filters->>'category_id')::int`),
    price_min: numeric().generatedAlwaysAs(sql`(filters->>'price_min')::numeric`),
    price_max: numeric().generatedAlwaysAs(sql`(filters->>'price_max')::numeric`),
    /** The search's words as POST /ads/get parses them; null without words. */
    search_query: tsquery().generatedAlwaysAs(
      sql`websearch_to_tsquery('simple', waterside_unaccent(lower(filters->>'search')))`,
    ),
    /** Matches after this moment are the search's new_count; opening the search moves it to now. */
    seen_at: timestamptz().notNull().defaultNow(),
    /** When the search was moved from instant to daily for matching too much (and the user told). */
    downgraded_at: timestamptz(),
    ...timestamps,
  },
  (table) => [
    check("saved_searches_frequency", sql`${table.frequency} in ('instant', 'daily')`),
    index("saved_searches_user_idx").on(table.user_id, table.id),
    index("saved_searches_match_key_idx").on(table.match_key),
  ],
);

/**
 * Each ad a saved search matched, once: the primary key makes a replayed or doubled match job a no-op. `notified_at`
 * is set when the match went into a notification (instant: the collapse window's; daily: the digest's).
 */
export const savedSearchMatches = pgTable(
  "saved_search_matches",
  {
    saved_search_id: cascadeReference(() => savedSearches.id),
    ad_id: integer()
      .notNull()
      .references(() => ads.id, { onDelete: "cascade" }),
    matched_at: timestamptz().notNull().defaultNow(),
    notified_at: timestamptz(),
  },
  (table) => [
    primaryKey({ columns: [table.saved_search_id, table.ad_id] }),
    index("saved_search_matches_pending_idx")
      .on(table.saved_search_id, table.matched_at)
      .where(sql`${table.notified_at} is null`),
  ],
);
