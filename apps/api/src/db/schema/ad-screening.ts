import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { admins } from "./admin-auth.ts";
import { ads } from "./ads.ts";
import { cascadeReference, createdAt, id, timestamps } from "./columns.ts";

/**
 * The words and patterns admins ban from ads (issue 28, decision 079), edited in Manage Categories' Rules tab and
 * audited. `kind` 'word' matches a whole word or phrase, case and accents folded; 'pattern' is a regular expression
 * (JavaScript syntax, case-insensitive). `action` 'refuse' answers 422 naming the rule; 'flag' lets the ad through
 * and flags it to the moderation queue.
 */
export const adScreeningRules = pgTable(
  "ad_screening_rules",
  {
    id: id(),
    kind: text().notNull(),
    pattern: text().notNull(),
    action: text().notNull(),
    /** Shown to the seller in a refusal and to admins in a flag, e.g. "Selling medicines needs a licence". */
    reason: text().notNull(),
    created_by: integer()
      .notNull()
      .references(() => admins.id),
    ...timestamps,
  },
  (table) => [
    check("ad_screening_rules_kind", sql`${table.kind} in ('word', 'pattern')`),
    check("ad_screening_rules_action", sql`${table.action} in ('refuse', 'flag')`),
    uniqueIndex("ad_screening_rules_unique").on(table.kind, sql`lower(${table.pattern})`),
  ],
);

/**
 * Why the moderation queue should look at an ad (issue 28, decision 079): a photo another seller's live ad uses, a
 * price far below the price guide, a soft rule, a phone number or link in the description. Written at posting and
 * at each owner's edit, which replaces the ad's flags with what its new content earns; the queue's reviewed mark
 * (moderation_queue_ads) says whether an admin has looked since.
 */
export const adFlags = pgTable(
  "ad_flags",
  {
    id: id(),
    ad_id: cascadeReference(() => ads.id),
    reason: text().notNull(),
    /** The other seller's ad whose photo this ad uses ('duplicate_photo'). */
    other_ad_id: integer().references(() => ads.id, { onDelete: "cascade" }),
    /** The soft rule matched ('rule'); a deleted rule takes its flags with it. */
    rule_id: integer().references(() => adScreeningRules.id, { onDelete: "cascade" }),
    /** What was found, for the admin: the matched words, the number or link, the price against the guide. */
    detail: text().notNull(),
    ...createdAt,
  },
  (table) => [
    check("ad_flags_reason", sql`${table.reason} in ('duplicate_photo', 'low_price', 'rule', 'contact')`),
    uniqueIndex("ad_flags_unique").on(
      table.ad_id,
      table.reason,
      sql`coalesce(${table.other_ad_id}, 0)`,
      sql`coalesce(${table.rule_id}, 0)`,
      table.detail,
    ),
    index("ad_flags_other_ad_idx")
      .on(table.other_ad_id)
      .where(sql`${table.other_ad_id} is not null`),
  ],
);
