import { and, asc, eq, inArray } from "drizzle-orm";
import type { Transaction } from "../../db/database.ts";
import { ads } from "../../db/schema/ads.ts";

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
