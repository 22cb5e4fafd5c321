import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { ads } from "./ads.ts";
import { users } from "./users.ts";
import { admins } from "./admin-auth.ts";
import { createdAt, id, reference, timestamps, timestamptz } from "./columns.ts";

/**
 * A deal between a buyer and a seller over an ad (issue 33, decision 103). A `safe` deal holds the buyer's mobile
 * money until the item is in hand; a `cash` deal only proves, by a code the seller shows the buyer, that a sale
 * happened. States move only through `deal-states.ts`: one guarded update each, recorded in `deal_events`.
 * Money rows are never deleted with an account (accounts are soft-deleted; the references restrict).
 */
export const deals = pgTable(
  "deals",
  {
    id: id(),
    kind: text({ enum: ["safe", "cash"] }).notNull(),
    ad_id: integer().references(() => ads.id, { onDelete: "set null" }),
    /** The ad's title when the deal began: the deal outlives the ad. */
    ad_title: text().notNull(),
    buyer_id: reference(() => users.id),
    seller_id: reference(() => users.id),
    status: text({
      enum: ["awaiting_payment", "awaiting_confirmation", "held", "disputed", "released", "refunded", "cancelled"],
    }).notNull(),
    amount: numeric({ precision: 12, scale: 2, mode: "number" }).notNull(),
    currency: text({ enum: ["USD", "LRD"] }).notNull(),
    /** The amount's US$ value when the deal began (the rate then, for an L$ deal): what the limits count. */
    amount_usd: numeric({ precision: 12, scale: 2, mode: "number" }).notNull(),
    /** Kept from the seller's payout; 0 for a cash deal and kept by no refund. */
    fee: numeric({ precision: 12, scale: 2, mode: "number" }).notNull().default(0),
    /** The buyer's wallet (told by the number), and the collection asked of it: payments.id. */
    provider: text({ enum: ["mtn_momo", "orange_money"] }),
    buyer_phone: text(),
    payment_id: uuid(),
    /**
     * The handover's proof: the buyer's code while the money is held (given to the seller at handover), or the
     * seller's code while a cash deal waits (shown to the buyer). Six digits, shown only to the party who gives it.
     */
    code: text(),
    code_failures: smallint().notNull().default(0),
    code_locked_until: timestamptz(),
    held_at: timestamptz(),
    handed_over_at: timestamptz(),
    auto_release_at: timestamptz(),
    dispute_reason: text(),
    dispute_details: text(),
    disputed_by: text({ enum: ["buyer", "seller"] }),
    disputed_at: timestamptz(),
    resolution_note: text(),
    /** The payout of a release (to the seller) or a refund (to the buyer): payouts.id. */
    payout_id: uuid(),
    payout_status: text({ enum: ["pending", "successful", "failed"] }),
    payout_completed_at: timestamptz(),
    /**
     * What the ledger's reconciliation found wrong with this deal at its last check (its balances against its state,
     * or its state against the provider's); null when all agree. Shown to admins and counted in the metrics.
     */
    ledger_difference: text(),
    ledger_checked_at: timestamptz(),
    closed_at: timestamptz(),
    ...timestamps,
  },
  (table) => [
    check("deals_parties_differ", sql`${table.buyer_id} <> ${table.seller_id}`),
    check("deals_safe_has_wallet", sql`${table.kind} = 'cash' or (${table.provider} is not null)`),
    index("deals_buyer_idx").on(table.buyer_id, table.created_at),
    index("deals_seller_idx").on(table.seller_id, table.created_at),
    index("deals_status_idx").on(table.status, table.updated_at),
    index("deals_ad_open_idx")
      .on(table.ad_id)
      .where(sql`status in ('awaiting_payment', 'awaiting_confirmation')`),
    index("deals_auto_release_idx")
      .on(table.auto_release_at)
      .where(sql`status = 'held' and auto_release_at is not null`),
    // A double tap makes one deal: one deal waiting for payment per buyer and ad.
    uniqueIndex("deals_one_waiting_unique")
      .on(table.buyer_id, table.ad_id)
      .where(sql`status in ('awaiting_payment', 'awaiting_confirmation')`),
  ],
);

/** Every move of a deal, who made it and why: the deal's audit trail (issue 33). */
export const dealEvents = pgTable(
  "deal_events",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    deal_id: reference(() => deals.id, { onDelete: "cascade" }),
    from_status: text(),
    to_status: text().notNull(),
    /** What happened, when it is not just the move: handed_over, code_failed … */
    action: text().notNull(),
    actor_user_id: integer().references(() => users.id),
    actor_admin_id: integer().references(() => admins.id),
    note: text(),
    ...createdAt,
  },
  (table) => [index("deal_events_deal_idx").on(table.deal_id, table.id)],
);

/**
 * The deals' double-entry ledger: each movement of a deal's money is rows that sum to zero, one per account
 * (decision 103): `wallet` (our money at the provider), `buyer` and `seller` (what we owe them), `held` (what a deal
 * holds), `fees` (ours). A movement is written once: its rows are unique per deal, movement and account.
 */
export const dealLedgerEntries = pgTable(
  "deal_ledger_entries",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    deal_id: reference(() => deals.id),
    movement: text({ enum: ["collected", "held", "fee", "released", "paid_out", "refund_due", "refunded"] }).notNull(),
    account: text({ enum: ["wallet", "buyer", "seller", "held", "fees"] }).notNull(),
    /** Debit positive, credit negative. */
    amount: numeric({ precision: 12, scale: 2, mode: "number" }).notNull(),
    currency: text().notNull(),
    ...createdAt,
  },
  (table) => [unique("deal_ledger_entries_once").on(table.deal_id, table.movement, table.account)],
);

/** A review of a user by the other party of a proven deal (issue 33): one per party per deal. */
export const userReviews = pgTable(
  "user_reviews",
  {
    id: id(),
    deal_id: reference(() => deals.id),
    author_id: reference(() => users.id),
    subject_id: reference(() => users.id),
    /** What the reviewed user was in the deal. */
    subject_role: text({ enum: ["buyer", "seller"] }).notNull(),
    stars: smallint().notNull(),
    content: text().notNull().default(""),
    ...createdAt,
  },
  (table) => [
    unique("user_reviews_once").on(table.deal_id, table.author_id),
    check("user_reviews_stars_range", sql`${table.stars} between 1 and 5`),
    index("user_reviews_subject_idx").on(table.subject_id, table.created_at),
  ],
);
