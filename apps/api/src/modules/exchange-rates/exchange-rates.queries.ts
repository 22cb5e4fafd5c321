import { count, desc, eq, sql } from "drizzle-orm";
import type { Database, Transaction } from "../../db/database.ts";
import { admins } from "../../db/schema/admin-auth.ts";
import { exchangeRates } from "../../db/schema/exchange-rates.ts";
import { RATE_CHANGED_CHANNEL } from "./latest-rate.ts";

/**
 * Makes rate writes take turns: the rate a new one replaces, which its audit record names, is then the one in force
 * when it commits, even when two admins save at the same moment.
 */
export async function lockRateHistory(tx: Transaction) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('exchange_rates'))`);
}

export async function insertRate(tx: Transaction, row: { usd_lrd: number; note: string; admin_id: number }) {
  const [inserted] = await tx.insert(exchangeRates).values(row).returning({ id: exchangeRates.id });
  return inserted!.id;
}

/** Tells every listening process of the new rate once the transaction commits (NOTIFY waits for the commit). */
export async function announceRateChanged(tx: Transaction, usdLrd: number) {
  await tx.execute(sql`select pg_notify(${RATE_CHANGED_CHANNEL}, ${String(usdLrd)})`);
}

/** Rows of the history, newest first, each with the rate it replaced and the name of the admin who set it. */
export function findRates(db: Database, { limit, offset, id }: { limit: number; offset: number; id?: number }) {
  return db
    .select({
      id: exchangeRates.id,
      usd_lrd: exchangeRates.usd_lrd,
      note: exchangeRates.note,
      // The row before it, read by the primary key: one index probe a row, however long the history grows.
      previous_usd_lrd: sql<number | null>`(
        select p.usd_lrd::float8 from exchange_rates p where p.id < ${exchangeRates.id} order by p.id desc limit 1)`,
      admin_id: admins.id,
      admin_name: admins.name,
      created_at: exchangeRates.created_at,
    })
    .from(exchangeRates)
    .leftJoin(admins, eq(admins.id, exchangeRates.admin_id))
    .where(id === undefined ? undefined : eq(exchangeRates.id, id))
    .orderBy(desc(exchangeRates.id))
    .limit(limit)
    .offset(offset);
}

export async function countRates(db: Database) {
  const [row] = await db.select({ total: count() }).from(exchangeRates);
  return row?.total ?? 0;
}
