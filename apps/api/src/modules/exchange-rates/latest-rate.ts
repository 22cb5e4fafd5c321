import { desc } from "drizzle-orm";
import type { Database, Transaction } from "../../db/database.ts";
import { exchangeRates } from "../../db/schema/exchange-rates.ts";

/** The US$→L$ rate in force (the newest of the history), or null before any is set (issue 30). */
export async function findLatestRate(db: Database | Transaction) {
  const [row] = await db
    .select({ usd_lrd: exchangeRates.usd_lrd, created_at: exchangeRates.created_at })
    .from(exchangeRates)
    .orderBy(desc(exchangeRates.id))
    .limit(1);
  return row ?? null;
}
