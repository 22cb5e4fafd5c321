import { sql } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { findLatestRate } from "../exchange-rates/latest-rate.ts";

/** L$ ads rewritten per statement: each batch is a short transaction, so a seller's edit waits for one at most. */
export const REPRICE_BATCH = 2000;

/**
 * Rewrites the US$ `price` of every L$ ad at the rate in force (decision 088), in batches by id, only the rows whose
 * value differs. It reads the rate when it runs, so a retry, or a job queued by a later change, leaves every price at
 * the newest rate. A price written here is no seller's edit: updated_at stays, and no event is published (no
 * ad.edited, so no price-drop alert and no moderation). Batches are not announced on ads_changed one by one
 * (migration 0032): the end announces "*" when any price moved, which drops every cached list, page, price index and price guide in every
 * process. Returns how many ads were rewritten.
 */
export async function repriceLrdAds(db: Database, { batchSize = REPRICE_BATCH } = {}): Promise<number> {
  const rate = await findLatestRate(db);
  if (!rate) return 0;
  let after = 0;
  let rewritten = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      await tx.execute(sql`set local waterside.repricing = 'on'`);
      const [row] = await tx.execute<{ last: number | null; changed: number }>(sql`
        with batch as (
          select id from ads where currency = 'LRD' and id > ${after} order by id limit ${batchSize}
        ), changed as (
          update ads a set price = round(a.price_local / ${rate.usd_lrd}::numeric, 2)
          from batch where a.id = batch.id and a.price <> round(a.price_local / ${rate.usd_lrd}::numeric, 2)
          returning 1
        )
        select (select max(id) from batch) as last, (select count(*)::int from changed) as changed`);
      return row!;
    });
    rewritten += batch.changed;
    if (batch.last === null) break;
    after = batch.last;
  }
  if (rewritten > 0) await db.execute(sql`select pg_notify('ads_changed', '*')`);
  return rewritten;
}
