import { USER_STATUS } from "@waterside/shared/reference-ids";
import { and, eq, isNull } from "drizzle-orm";
import type { Transaction } from "../../db/database.ts";
import { users } from "../../db/schema/users.ts";
import type { Publish } from "../../lib/domain-events.ts";

/**
 * A user's status, Active or Banned (decision 050): an admin changes it in the admin's transaction, which also
 * holds the audit record. What a ban does elsewhere (sessions, ads) are the other modules' reactions to
 * `user.banned` and `user.reactivated`.
 */

/** Locks the user's row for a status change; undefined for an unknown or deleted account. */
export async function lockUserStatus(tx: Transaction, userId: number): Promise<number | undefined> {
  const [user] = await tx
    .select({ status_id: users.status_id })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deleted_at)))
    .for("update");
  return user?.status_id;
}

export async function banUser(tx: Transaction, publish: Publish, userId: number) {
  await tx.update(users).set({ status_id: USER_STATUS.banned, updated_at: new Date() }).where(eq(users.id, userId));
  await publish("user.banned", { userId });
}

/** `adIds`: the ads the ban hid, from its audit record; those still hidden are shown again. */
export async function reactivateUser(tx: Transaction, publish: Publish, userId: number, adIds: number[]) {
  await tx.update(users).set({ status_id: USER_STATUS.active, updated_at: new Date() }).where(eq(users.id, userId));
  await publish("user.reactivated", { userId, adIds });
}
