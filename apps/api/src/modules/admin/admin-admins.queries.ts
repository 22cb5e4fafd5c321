import { asc, eq, sql } from "drizzle-orm";
import type { TAdminAccount } from "@waterside/shared/admin";
import type { Database, Transaction } from "../../db/database.ts";
import { admins } from "../../db/schema/admin-auth.ts";
import { authSessions } from "../../db/schema/auth.ts";
import { toAdminResource } from "../users/user-resource.ts";

type Executor = Database | Transaction;

/** A sign-in opens a session (refreshes do not), so an admin's latest session is their latest sign-in. */
const lastSignIn = sql<Date | null>`(
  select max(s.created_at) from auth_sessions s where s.admin_id = "admins"."id"
)`.mapWith(authSessions.created_at);

const selectAdminAccounts = (db: Executor) =>
  db.select({ admin: admins, last_sign_in_at: lastSignIn }).from(admins).$dynamic();

type AdminAccountRow = Awaited<ReturnType<ReturnType<typeof selectAdminAccounts>["execute"]>>[number];

function toAdminAccount({ admin, last_sign_in_at }: AdminAccountRow, mediaBaseUrl: string): TAdminAccount {
  return {
    ...toAdminResource(admin, mediaBaseUrl),
    status: admin.status,
    last_sign_in_at: last_sign_in_at ? last_sign_in_at.toISOString() : null,
    two_factor_enabled: admin.totp_enabled_at !== null,
  };
}

/** One page of the admins, oldest first (the first admin of the installation on top), and how many there are. */
export async function findAdminAccountPage(db: Database, mediaBaseUrl: string, limit: number, offset: number) {
  const [rows, total] = await Promise.all([
    selectAdminAccounts(db).orderBy(asc(admins.created_at), asc(admins.id)).limit(limit).offset(offset),
    db.$count(admins),
  ]);
  return { rows: rows.map((row) => toAdminAccount(row, mediaBaseUrl)), total };
}

export async function findAdminAccount(db: Executor, mediaBaseUrl: string, adminId: number) {
  const [row] = await selectAdminAccounts(db).where(eq(admins.id, adminId));
  return row && toAdminAccount(row, mediaBaseUrl);
}
