import { sql } from "drizzle-orm";
import { check, index, numeric, pgTable, smallint, text, uuid } from "drizzle-orm/pg-core";
import { timestamps, timestamptz } from "./columns.ts";

/**
 * Money sent from our wallet account to someone's (decision 100): a seller paid for a deal, a buyer refunded. The id is
 * ours and is the provider's reference (MTN's X-Reference-Id, pawaPay's payoutId): the one key of the transfer there
 * and here, written before the provider hears of it. `subject` is the caller's key ("deal:12:payout"): one payout per
 * subject, ever. The status only moves forward, each move a guarded update: requesting (written, the provider not yet
 * known to have it) → pending (the provider took it) → successful | failed.
 */
export const payouts = pgTable(
  "payouts",
  {
    id: uuid().primaryKey(),
    subject: text().notNull().unique(),
    provider: text({ enum: ["mtn_momo", "orange_money"] }).notNull(),
    /** What the payee receives, in `currency` (the code the provider pays in: EUR on MTN's sandbox). */
    amount: numeric({ precision: 10, scale: 2, mode: "number" }).notNull(),
    currency: text().notNull(),
    /** The payee's MSISDN, digits with the country code. */
    phone_number: text().notNull(),
    /** Shown in the payee's history; kept so that a payout sent again says the same. */
    note: text().notNull(),
    status: text({ enum: ["requesting", "pending", "successful", "failed"] })
      .notNull()
      .default("requesting"),
    /** The provider's reason code of a failure (PAYEE_NOT_FOUND, RECIPIENT_NOT_FOUND, NOT_ENOUGH_FUNDS …). */
    reason: text(),
    financial_transaction_id: text(),
    /** How often the provider was asked, and when to ask next: the reconciler's backoff. */
    checks: smallint().notNull().default(0),
    next_check_at: timestamptz().notNull().defaultNow(),
    /** When the provider was last asked: claimed by one guarded update, at most once per interval across processes. */
    provider_checked_at: timestamptz(),
    completed_at: timestamptz(),
    ...timestamps,
  },
  (table) => [
    check("payouts_provider_known", sql`${table.provider} in ('mtn_momo', 'orange_money')`),
    check("payouts_amount_positive", sql`${table.amount} > 0`),
    index("payouts_open_due_idx")
      .on(table.next_check_at)
      .where(sql`status in ('requesting', 'pending')`),
  ],
);
