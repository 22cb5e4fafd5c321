import { desc, sql, type SQL } from "drizzle-orm";
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

export type LatestRate = Awaited<ReturnType<typeof findLatestRate>>;

/** The rate in force inside a query: an uncommitted new rate is seen by its own transaction only. */
const RATE_IN_FORCE = "(select usd_lrd from exchange_rates order by id desc limit 1)";

/**
 * An ad's price in US$ today, as SQL over the ads row `alias` (decision 093): a US$ ad's own price; an L$ ad's at the
 * rate in force, to the cent (round half away from zero, as usdValue). Computed in each query (the rate's subquery
 * runs once per query), so a new rate reaches every reader as soon as the caches built on the old one drop; no ad is
 * rewritten. `exact` leaves the L$ quotient unrounded: the order of a merged price walk (see the ads' price indexes).
 */
export function usdPriceOf(alias: string, { exact = false } = {}): SQL {
  const a = sql.raw(alias);
  const lrd = sql`${a}.price_local / ${sql.raw(RATE_IN_FORCE)}`;
  return sql`(case when ${a}.currency = 'LRD' then ${exact ? lrd : sql`round(${lrd}, 2)`} else ${a}.price_local end)`;
}

/**
 * The seller's own prices an L$ ad may have to be worth at least `min` / at most `max` US$ once rounded to the cent:
 * bounds on `price_local` that a price index walks (round(x, 2) >= min exactly when x >= min − 0.005).
 */
export const lrdBoundsOf = (alias: string, { min, max }: { min?: number; max?: number }): SQL[] => {
  const a = sql.raw(alias);
  const rate = sql.raw(RATE_IN_FORCE);
  const bounds: SQL[] = [];
  if (min !== undefined) bounds.push(sql`${a}.price_local >= (${String(min)}::numeric - 0.005) * ${rate}`);
  if (max !== undefined) bounds.push(sql`${a}.price_local < (${String(max)}::numeric + 0.005) * ${rate}`);
  return bounds;
};

/**
 * The channel a new rate is announced on, by the transaction that writes it (decision 086): PostgreSQL delivers it
 * after the commit to every process listening, as `ads_changed` tells the list caches of ad writes.
 */
export const RATE_CHANGED_CHANNEL = "exchange_rate_changed";

/**
 * How long a process trusts the rate it read when no announcement came: a rate written without one (the seed, psql)
 * or while the listener was reconnecting is read again within this time.
 */
export const RATE_TTL_MS = 30_000;

/**
 * Calls `onChange` with each rate announced, in whichever process it was set, and with null when the listener
 * (re)connects, since announcements may have been missed meanwhile. Resolves to whether announcements can be heard:
 * false when the listener could not be set up, and callers then read the rate each time.
 */
export function watchRateChanges(db: Database, onChange: (usdLrd: number | null) => void) {
  return db.$client
    .listen(
      RATE_CHANGED_CHANNEL,
      (payload) => onChange(Number(payload)),
      () => onChange(null),
    )
    .then(
      () => true,
      () => false,
    );
}

/**
 * The rate in force for readers that ask often (the public `GET /exchange-rates/latest`, later the lists): read once
 * and kept until a new rate is announced or `ttlMs` passes; concurrent readers share one query, and a failed read is
 * forgotten at once. `forget()` drops it in the writer's own process without waiting for the announcement.
 */
export function createLatestRateReader(db: Database, { ttlMs = RATE_TTL_MS }: { ttlMs?: number } = {}) {
  let kept: { rate: Promise<LatestRate>; readAt: number } | undefined;
  let heard = true;
  const forget = () => {
    kept = undefined;
  };
  void watchRateChanges(db, forget).then((listening) => {
    heard = listening;
  });

  function read(): Promise<LatestRate> {
    if (!heard) return findLatestRate(db);
    if (kept && Date.now() - kept.readAt < ttlMs) return kept.rate;
    const rate = findLatestRate(db);
    const entry = { rate, readAt: Date.now() };
    kept = entry;
    rate.catch(() => {
      if (kept === entry) forget();
    });
    return rate;
  }
  read.forget = forget;
  return read;
}
