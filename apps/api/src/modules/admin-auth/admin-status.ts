import { and, asc, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import type { TAdminAccountStatus } from "@waterside/shared/admin-messages";
import type { Transaction } from "../../db/database.ts";
import { adminLoginChallenges, adminRecoveryCodes, admins } from "../../db/schema/admin-auth.ts";

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

/**
 * Clears an admin's second factor (issue 27, decision 071), for another admin to do in their transaction: the secret,
 * the recovery codes and any open sign-in step go, so the admin sets up an authenticator at their next login. Returns
 * whether there was one.
 */
export async function clearAdminTwoFactor(tx: Transaction, adminId: number) {
  const [had] = await tx
    .select({ id: admins.id })
    .from(admins)
    .where(and(eq(admins.id, adminId), isNotNull(admins.totp_secret)));
  await tx
    .update(admins)
    .set({ totp_secret: null, totp_enabled_at: null, updated_at: new Date() })
    .where(eq(admins.id, adminId));
  await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.admin_id, adminId));
  await tx
    .delete(adminLoginChallenges)
    .where(and(eq(adminLoginChallenges.admin_id, adminId), isNull(adminLoginChallenges.used_at)));
  return Boolean(had);
}
