import { sql } from "drizzle-orm";
import type { Database, Transaction } from "../../db/database.ts";

/**
 * The deals' double-entry ledger (decision 103). Accounts: `wallet` is our money at the provider (an asset: debit
 * positive), `buyer` and `seller` what we owe each party, `held` what a deal holds, `fees` what we earn (credits:
 * negative). Each movement is rows summing to zero, written once (unique per deal, movement and account).
 */
export type LedgerAccount = "wallet" | "buyer" | "seller" | "held" | "fees";
export type LedgerMovement = "collected" | "held" | "fee" | "released" | "paid_out" | "refund_due" | "refunded";

const cents = (amount: number) => Math.round(amount * 100);

/** Writes one movement; a movement already written is left as it is (a repeat of the same step). */
export async function recordMovement(
  tx: Transaction,
  deal: { id: number; currency: string },
  movement: LedgerMovement,
  entries: Array<[LedgerAccount, number]>,
) {
  const nonZero = entries.filter(([, amount]) => cents(amount) !== 0);
  if (nonZero.reduce((sum, [, amount]) => sum + cents(amount), 0) !== 0) {
    throw new Error(`ledger movement ${movement} of deal ${deal.id} does not balance`);
  }
  if (!nonZero.length) return;
  const values = nonZero.map(
    ([account, amount]) => sql`(${deal.id}, ${movement}, ${account}, ${cents(amount) / 100}, ${deal.currency})`,
  );
  await tx.execute(sql`
    insert into deal_ledger_entries (deal_id, movement, account, amount, currency) values ${sql.join(values, sql`, `)}
    on conflict on constraint deal_ledger_entries_once do nothing`);
}

/** The movements each step of a deal writes: what the money does when the deal moves. */
export const movements = {
  /** The buyer's money arrived and the deal holds it. */
  held: (tx: Transaction, deal: { id: number; currency: string; amount: number }) =>
    Promise.all([
      recordMovement(tx, deal, "collected", [
        ["wallet", deal.amount],
        ["buyer", -deal.amount],
      ]),
      recordMovement(tx, deal, "held", [
        ["buyer", deal.amount],
        ["held", -deal.amount],
      ]),
    ]),
  /** Released: the fee is ours, the rest is owed to the seller until the payout succeeds. */
  released: async (tx: Transaction, deal: { id: number; currency: string; amount: number; fee: number }) => {
    await recordMovement(tx, deal, "fee", [
      ["held", deal.fee],
      ["fees", -deal.fee],
    ]);
    await recordMovement(tx, deal, "released", [
      ["held", deal.amount - deal.fee],
      ["seller", -(deal.amount - deal.fee)],
    ]);
  },
  /** Refunded: the whole amount is owed to the buyer until the payout succeeds; no fee is kept. */
  refundDue: (tx: Transaction, deal: { id: number; currency: string; amount: number }) =>
    recordMovement(tx, deal, "refund_due", [
      ["held", deal.amount],
      ["buyer", -deal.amount],
    ]),
  /** A payout left our wallet for the party it was owed to. */
  paidOut: (tx: Transaction, deal: { id: number; currency: string }, to: "seller" | "buyer", amount: number) =>
    recordMovement(tx, deal, to === "seller" ? "paid_out" : "refunded", [
      [to, amount],
      ["wallet", -amount],
    ]),
};

/**
 * The ledger's reconciliation (issue 33): each deal's balances, by account, against what its state says they must be,
 * and its state against what the providers said (the collection's payment, the payout). One statement over the deals
 * moved since their last check (and every deal now and then); it records what differs on the deal
 * (`ledger_difference`, null when all agree), for the admin area and the metrics.
 */
export async function reconcileLedger(db: Database, { all = false }: { all?: boolean } = {}) {
  const rows = await db.execute<{ id: number; difference: string | null }>(sql`
    with checked as (
      select d.id, d.status, d.kind, d.amount, d.fee, d.payout_status, p.status as payment_status,
        coalesce(sum(e.amount) filter (where e.account = 'wallet'), 0) as wallet,
        coalesce(sum(e.amount) filter (where e.account = 'buyer'), 0) as buyer,
        coalesce(sum(e.amount) filter (where e.account = 'seller'), 0) as seller,
        coalesce(sum(e.amount) filter (where e.account = 'held'), 0) as held,
        coalesce(sum(e.amount) filter (where e.account = 'fees'), 0) as fees,
        coalesce(sum(e.amount), 0) as total
      from deals d
      left join payments p on p.id = d.payment_id
      left join deal_ledger_entries e on e.deal_id = d.id
      where ${all ? sql`true` : sql`d.ledger_checked_at is null or d.ledger_checked_at < d.updated_at`}
      group by d.id, p.status
    ),
    judged as (
      select id, concat_ws('; ',
        case when total <> 0 then 'entries do not sum to zero' end,
        case when kind = 'cash' and (wallet, buyer, seller, held, fees) <> (0, 0, 0, 0, 0)
          then 'a cash deal has money entries' end,
        case when kind = 'safe' and status in ('held', 'disputed', 'released', 'refunded')
            and payment_status is distinct from 'successful'
          then 'money held without a successful collection' end,
        case when kind = 'safe' and status in ('awaiting_payment', 'cancelled') and (wallet, held) <> (0, 0)
          then 'money entries on a deal never paid' end,
        case when kind = 'safe' and status in ('held', 'disputed') and (wallet, held, buyer) <> (amount, -amount, 0)
          then 'held balance is not the amount' end,
        case when kind = 'safe' and status = 'released' and (held, buyer, fees) <> (0, 0, -fee)
          then 'released balances are wrong' end,
        case when kind = 'safe' and status = 'released' and payout_status = 'successful' and (seller, wallet) <> (0, fee)
          then 'seller paid but the ledger still owes them' end,
        case when kind = 'safe' and status = 'released' and payout_status is distinct from 'successful'
            and seller <> -(amount - fee)
          then 'seller owed the wrong amount' end,
        case when kind = 'safe' and status = 'refunded' and (held, seller, fees) <> (0, 0, 0)
          then 'refunded balances are wrong' end,
        case when kind = 'safe' and status = 'refunded' and payout_status = 'successful' and (buyer, wallet) <> (0, 0)
          then 'buyer refunded but the ledger still owes them' end,
        case when kind = 'safe' and status in ('released', 'refunded') and payout_status = 'failed'
          then 'the payout failed' end
      ) as difference
      from checked
    )
    update deals d set ledger_difference = nullif(j.difference, ''), ledger_checked_at = now()
    from judged j where d.id = j.id
    returning d.id, d.ledger_difference as difference`);
  return rows.filter((row) => row.difference !== null);
}

/** Deals whose last reconciliation found a difference: the metrics' gauge. */
export async function countLedgerDifferences(db: Pick<Database, "execute">) {
  const [row] = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from deals where ledger_difference is not null`);
  return row?.n ?? 0;
}
