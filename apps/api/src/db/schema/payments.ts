import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { ads } from "./ads.ts";
import { deals } from "./deals.ts";
import { users } from "./users.ts";
import { cascadeReference, id, reference, timestamps, timestamptz } from "./columns.ts";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/** Boost packages (spec second document: Package id, name, price per month, description), for ads or businesses. */
export const packages = pgTable("packages", {
  id: id(),
  name: text().notNull(),
  description: text().notNull().default(""),
  /** USD per month. */
  price: numeric({ precision: 10, scale: 2, mode: "number" }).notNull(),
  /** "ad" boosts one ad, "user" a business. */
  type: text({ enum: ["ad", "user"] }).notNull(),
  duration_days: smallint().notNull().default(30),
  /** Added to the boosted ads' visibility_score while the subscription is active. */
  visibility_boost: integer().notNull().default(0),
  active: boolean().notNull().default(true),
  ...timestamps,
});

/** A paid boost of an ad (ad_id set) or a business (user-wide). Statuses: active, pending, canceled, expired. */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: id(),
    user_id: cascadeReference(() => users.id),
    ad_id: integer().references(() => ads.id, { onDelete: "cascade" }),
    package_id: reference(() => packages.id),
    type: text({ enum: ["ad", "user"] }).notNull(),
    status: text({ enum: ["active", "pending", "canceled", "expired"] })
      .notNull()
      .default("pending"),
    /** The payment that bought it: one payment makes at most one subscription (decision 048). */
    payment_id: uuid()
      .unique()
      .references((): AnyPgColumn => payments.id, { onDelete: "set null" }),
    start_date: timestamptz(),
    end_date: timestamptz(),
    ...timestamps,
  },
  (table) => [
    index("subscriptions_ad_idx").on(table.ad_id, table.created_at),
    index("subscriptions_user_idx").on(table.user_id, table.type, table.created_at),
    index("subscriptions_active_ad_idx")
      .on(table.ad_id, table.end_date)
      .where(sql`status = 'active'`),
  ],
);

/**
 * A Mobile Money request to pay (decision 048). The id is ours and is MTN's X-Reference-Id: the one key of the
 * payment at MTN and here. The status only moves forward, each move a guarded update in one transaction:
 * requesting (row written, MTN not yet known to have it) → pending (MTN accepted it) → successful | failed.
 */
export const payments = pgTable(
  "payments",
  {
    id: uuid().primaryKey(),
    user_id: cascadeReference(() => users.id),
    /** The package a boost buys; null for a safe deal's collection (issue 33). */
    package_id: integer().references(() => packages.id),
    ad_id: integer().references(() => ads.id, { onDelete: "set null" }),
    /** A boost of an ad or a business, or a safe deal's money collected from its buyer (issue 33, `deal_id`). */
    type: text({ enum: ["ad", "user", "deal"] }).notNull(),
    deal_id: integer().references(() => deals.id),
    /** Which wallet's provider it goes through (issue 30): one state machine, one adapter per provider. */
    provider: text({ enum: ["mtn_momo", "orange_money"] })
      .notNull()
      .default("mtn_momo"),
    /** What the provider is asked for, in `currency`: the package's US$ price, or its L$ value at `usd_lrd`. */
    amount: numeric({ precision: 10, scale: 2, mode: "number" }).notNull(),
    currency: text().notNull(),
    /** The package's price in US$ when requested, never from the client. */
    amount_usd: numeric({ precision: 10, scale: 2, mode: "number" }).notNull(),
    /** The US$→L$ rate an L$ payment was charged at (exchange_rates at the moment); null for a US$ payment. */
    usd_lrd: numeric({ precision: 12, scale: 4, mode: "number" }),
    phone_number: text().notNull(),
    status: text({ enum: ["requesting", "pending", "successful", "failed"] })
      .notNull()
      .default("requesting"),
    /** MTN's reason code of a failure (NOT_ENOUGH_FUNDS …), or ours (EXPIRED after a day without an answer). */
    reason: text(),
    financial_transaction_id: text(),
    /** How often MTN was asked, and when to ask next: the reconciler's backoff. */
    checks: smallint().notNull().default(0),
    next_check_at: timestamptz().notNull().defaultNow(),
    /**
     * When MTN was last asked about the status: whoever asks (a poll, a callback's check, the reconciler) first claims
     * it, by one guarded update, at most once per PROVIDER_CHECK_INTERVAL_SECONDS across processes (decision 048).
     */
    provider_checked_at: timestamptz(),
    completed_at: timestamptz(),
    /** When the receipt went to the mail server (or found no address); its job mails only while null (decision 096). */
    receipt_sent_at: timestamptz(),
    ...timestamps,
  },
  (table) => [
    check("payments_provider_known", sql`${table.provider} in ('mtn_momo', 'orange_money')`),
    // A boost has a package and no deal; a deal's collection has a deal and no package.
    check(
      "payments_buys_one_thing",
      sql`(${table.type} = 'deal') = (${table.deal_id} is not null and ${table.package_id} is null)`,
    ),
    index("payments_user_created_idx").on(table.user_id, table.created_at),
    index("payments_open_due_idx")
      .on(table.next_check_at)
      .where(sql`status in ('requesting', 'pending')`),
    // One open payment per seller and thing bought: a double tap never sends two prompts, never charges twice.
    uniqueIndex("payments_one_open_unique")
      .on(table.user_id, table.type, sql`coalesce(${table.ad_id}, 0)`)
      .where(sql`status in ('requesting', 'pending')`),
  ],
);
