import { and, asc, eq, inArray } from "drizzle-orm";
import type { Transaction } from "../../db/database.ts";
import { ads } from "../../db/schema/ads.ts";
import { users } from "../../db/schema/users.ts";

/**
 * The seller's ads in a status, locked until the caller's transaction ends, in id order: what a ban is about to hide
 * or a reactivation to show again (`among`), read first so the admin's audit record can name them (decision 050).
 */
export async function lockAdIdsOf(
  tx: Transaction,
  userId: number,
  statusId: number,
  among?: readonly number[],
): Promise<number[]> {
  if (among?.length === 0) return [];
  const rows = await tx
    .select({ id: ads.id })
    .from(ads)
    .where(and(eq(ads.user_id, userId), eq(ads.status_id, statusId), among ? inArray(ads.id, [...among]) : undefined))
    .orderBy(asc(ads.id))
    .for("update");
  return rows.map((row) => row.id);
}

/** An ad's status and its owner's, the ad's row locked until the caller's transaction ends; undefined if unknown. */
export async function lockAdStatus(tx: Transaction, adId: number) {
  const [row] = await tx
    .select({ status_id: ads.status_id, owner_status_id: users.status_id })
    .from(ads)
    .innerJoin(users, eq(users.id, ads.user_id))
    .where(eq(ads.id, adId))
    .for("update", { of: ads });
  return row;
}

/**
 * An admin's Active or Hidden (spec second document §4 "Ad status (admin)", decision 050): a hidden ad leaves public
 * lists, search and suggestions at the commit (the ads_changed announcement clears the caches, decision 013); its
 * owner still sees it.
 */
export async function setAdStatus(tx: Transaction, adId: number, statusId: number) {
  await tx.update(ads).set({ status_id: statusId, updated_at: new Date() }).where(eq(ads.id, adId));
}
