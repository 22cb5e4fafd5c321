import type { TLatestSubscription } from "@waterside/shared/ads";
import { desc, eq } from "drizzle-orm";
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
