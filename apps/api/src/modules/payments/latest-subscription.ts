import type { TLatestSubscription } from "@waterside/shared/ads";
import { and, desc, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { packages, subscriptions } from "../../db/schema/payments.ts";

/**
 * The payments module's read model for the ad page: an ad's newest boost, whatever its status, for its seller's
 * edit and boost panel (spec: `load=lastest_subscription`).
 */
export async function findLatestSubscription(db: Database, adId: number): Promise<TLatestSubscription | null> {
  const [row] = await db
    .select({
      id: subscriptions.id,
      status: subscriptions.status,
      end_date: subscriptions.end_date,
      name: packages.name,
    })
    .from(subscriptions)
    .innerJoin(packages, eq(packages.id, subscriptions.package_id))
    .where(eq(subscriptions.ad_id, adId))
    .orderBy(desc(subscriptions.created_at), desc(subscriptions.id))
    .limit(1);
  return row
    ? { id: row.id, status: row.status, end_date: row.end_date?.toISOString() ?? null, package: { name: row.name } }
    : null;
}

/**
 * The running boosts of these ads (spec Ad `active_subscription`): an ad subscription that is active and not past
 * its end, the newest when there are two, by ad id. The same rule as the `has_active_subscription` filter.
 */
export async function findActiveAdSubscriptions(
  db: Database,
  adIds: number[],
): Promise<Map<number, TLatestSubscription>> {
  if (adIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([subscriptions.ad_id], {
      ad_id: subscriptions.ad_id,
      id: subscriptions.id,
      status: subscriptions.status,
      end_date: subscriptions.end_date,
      name: packages.name,
    })
    .from(subscriptions)
    .innerJoin(packages, eq(packages.id, subscriptions.package_id))
    .where(
      and(
        inArray(subscriptions.ad_id, adIds),
        eq(subscriptions.status, "active"),
        or(isNull(subscriptions.end_date), gt(subscriptions.end_date, sql`now()`)),
      ),
    )
    .orderBy(subscriptions.ad_id, desc(subscriptions.created_at), desc(subscriptions.id));
  return new Map(
    rows.map((row) => [
      row.ad_id!,
      { id: row.id, status: row.status, end_date: row.end_date?.toISOString() ?? null, package: { name: row.name } },
    ]),
  );
}
