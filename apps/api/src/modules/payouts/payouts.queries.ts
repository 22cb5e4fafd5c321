import type { TPaymentProvider } from "@waterside/shared/payments-messages";
import { sql } from "drizzle-orm";
import type { Database, Transaction } from "../../db/database.ts";

type Reader = Pick<Database, "execute">;

export interface PayoutRow {
  id: string;
  /** The caller's key ("deal:12:payout"): one payout per subject, ever. */
  subject: string;
  provider: TPaymentProvider;
  amount: number;
  currency: string;
  phone_number: string;
  note: string;
  status: "requesting" | "pending" | "successful" | "failed";
  reason: string | null;
  financial_transaction_id: string | null;
  checks: number;
  next_check_at: string;
  provider_checked_at: string | null;
  completed_at: string | null;
  created_at: string;
  updated_at: string;
}

const payoutColumns = sql`
  id, subject, provider, amount::float8 as amount, currency, phone_number, note, status, reason,
  financial_transaction_id, checks, next_check_at, provider_checked_at, completed_at, created_at, updated_at`;

export async function findPayout(db: Reader, where: { id: string } | { subject: string }) {
  const rows = await db.execute<PayoutRow & Record<string, unknown>>(sql`
    select ${payoutColumns} from payouts
    where ${"id" in where ? sql`id = ${where.id}` : sql`subject = ${where.subject}`}`);
  return rows[0];
}

/**
 * Writes the payout unless its subject has one: its id when written, undefined when the subject was taken. A
 * concurrent writer of the same subject makes this wait for its commit, then write nothing (the unique subject).
 */
export async function insertPayout(
  tx: Transaction,
  payout: Pick<PayoutRow, "id" | "subject" | "provider" | "amount" | "currency" | "phone_number" | "note">,
  firstCheckSeconds: number,
) {
  const [inserted] = await tx.execute<{ id: string }>(sql`
    insert into payouts (id, subject, provider, amount, currency, phone_number, note, next_check_at)
    values (${payout.id}, ${payout.subject}, ${payout.provider}, ${payout.amount}, ${payout.currency},
      ${payout.phone_number}, ${payout.note}, now() + ${firstCheckSeconds} * interval '1 second')
    on conflict (subject) do nothing
    returning id`);
  return inserted?.id;
}

/** Payouts by provider and status, with the age of the oldest still open in seconds: for the metrics. */
export async function countPayoutsByState(db: Reader) {
  return db.execute<{ provider: string; status: string; payouts: number; oldest_open: number | null }>(sql`
    select provider, status, count(*)::int as payouts,
      extract(epoch from now() - min(created_at) filter (where status in ('requesting', 'pending')))::float
        as oldest_open
    from payouts group by provider, status`);
}

/**
 * Open payouts due for a check, claimed for `claimSeconds` by pushing their next check forward: reconcilers on
 * several processes take different payouts (SKIP LOCKED).
 */
export async function claimDuePayouts(tx: Transaction, limit: number, claimSeconds: number) {
  return tx.execute<{ id: string }>(sql`
    update payouts set next_check_at = now() + ${claimSeconds} * interval '1 second'
    where id in (
      select id from payouts where status in ('requesting', 'pending') and next_check_at <= now()
      order by next_check_at limit ${limit} for update skip locked)
    returning id`);
}

/** The turn to ask the provider about an open payout: one asker per `intervalSeconds` across processes. */
export async function claimPayoutCheck(db: Reader, id: string, intervalSeconds: number) {
  const claimed = await db.execute<{ id: string }>(sql`
    update payouts set provider_checked_at = now()
    where id = ${id} and status in ('requesting', 'pending')
      and (provider_checked_at is null or provider_checked_at <= now() - ${intervalSeconds} * interval '1 second')
    returning id`);
  return claimed.length > 0;
}

/** A check that left the payout open: counted, and the next one in `seconds`. */
export async function checkPayoutLater(db: Reader, id: string, seconds: number) {
  await db.execute(sql`
    update payouts set checks = checks + 1, next_check_at = now() + ${seconds} * interval '1 second',
      updated_at = now()
    where id = ${id} and status in ('requesting', 'pending')`);
}
