import { sql } from "drizzle-orm";
import type { Transaction } from "../database.ts";
import { exchangeRates } from "../schema/exchange-rates.ts";

/**
 * Ten days of the Central Bank of Liberia's US$→L$ rate, oldest first (issue 30, decision 086): L$ per US$, and
 * whether the demo admin set it on the Exchange rate screen (the others came in from the command line).
 */
export const DEMO_EXCHANGE_RATES = [
  { daysAgo: 9, usd_lrd: 186.25, byAdmin: false },
  { daysAgo: 8, usd_lrd: 187, byAdmin: false },
  { daysAgo: 7, usd_lrd: 187.8, byAdmin: false },
  { daysAgo: 6, usd_lrd: 188.5, byAdmin: true },
  { daysAgo: 5, usd_lrd: 189.75, byAdmin: false },
  { daysAgo: 4, usd_lrd: 190.4, byAdmin: true },
  { daysAgo: 3, usd_lrd: 191, byAdmin: true },
  { daysAgo: 2, usd_lrd: 190, byAdmin: true },
  { daysAgo: 1, usd_lrd: 191.25, byAdmin: false },
  { daysAgo: 0, usd_lrd: 192.5, byAdmin: true },
] as const;

const DAY_MS = 86_400_000;
/** Each day's rate was set an hour before this time of day as the seed runs: never after the seed. */
const HOUR_MS = 3_600_000;

/**
 * The rate's history, with an audit record for each rate the demo admin set (as the screen writes it), only when no
 * rate exists yet: another part of the demo (payments) may have seeded one first, and that history then stays.
 */
export async function writeDemoExchangeRates(db: Transaction, adminId: number) {
  if ((await db.$count(exchangeRates)) > 0) return;
  const seededAt = Date.now();
  let replaced: number | undefined;
  for (const rate of DEMO_EXCHANGE_RATES) {
    const setAt = new Date(seededAt - rate.daysAgo * DAY_MS - HOUR_MS);
    const note = `CBL daily rate, ${setAt.toLocaleDateString("en-GB", { day: "numeric", month: "short", timeZone: "UTC" })}`;
    const [row] = await db
      .insert(exchangeRates)
      .values({ usd_lrd: rate.usd_lrd, note, admin_id: rate.byAdmin ? adminId : null, created_at: setAt })
      .returning({ id: exchangeRates.id });
    if (rate.byAdmin) {
      const before = replaced === undefined ? null : JSON.stringify({ usd_lrd: replaced });
      await db.execute(sql`
        insert into admin_audit_log (admin_id, action, target_type, target_id, before, after, created_at)
        values (${adminId}, 'exchange_rate.set', 'exchange_rate', ${row!.id}, ${before}::jsonb,
          ${JSON.stringify({ usd_lrd: rate.usd_lrd, note })}::jsonb, ${setAt.toISOString()}::timestamptz)`);
    }
    replaced = rate.usd_lrd;
  }
}
