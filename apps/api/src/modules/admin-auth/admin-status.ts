import { asc, eq, inArray } from "drizzle-orm";
import type { TAdminAccountStatus } from "@waterside/shared/admin-messages";
import type { Transaction } from "../../db/database.ts";
import { admins } from "../../db/schema/admin-auth.ts";

/**
 * An admin's status, Active or Suspended (decision 057), changed by another admin in that admin's transaction. The
 * admin guard reads it on every request, so a suspension stops old tokens at once.
 */

/** The admins' statuses, their rows locked in id order (two opposite changes then wait instead of deadlocking). */
export async function lockAdminStatuses(tx: Transaction, adminIds: number[]) {
  return tx
    .select({ id: admins.id, status: admins.status })
    .from(admins)
    .where(inArray(admins.id, adminIds))
    .orderBy(asc(admins.id))
    .for("update");
}

export async function setAdminStatus(tx: Transaction, adminId: number, status: TAdminAccountStatus) {
  await tx.update(admins).set({ status, updated_at: new Date() }).where(eq(admins.id, adminId));
}
