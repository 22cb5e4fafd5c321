import { sql } from "drizzle-orm";
import type { Database, Transaction } from "../../db/database.ts";
import type { Change, RecordChange } from "../../lib/recorded-change.ts";

/** An admin write: what was done ("ad.status", "user.status", "category.create" …), to what, and by whom. */
export interface AdminAction extends Change {
  adminId: number;
}

/**
 * Records an admin write in the audit log, in the write's own transaction: a write without its record never
 * commits (decision 049). The log is append-only (a trigger refuses updates and deletes).
 */
export async function recordAdminAction(tx: Transaction | Database, entry: AdminAction) {
  await tx.execute(sql`
    insert into admin_audit_log (admin_id, action, target_type, target_id, before, after)
    values (${entry.adminId}, ${entry.action}, ${entry.targetType}, ${entry.targetId},
      ${entry.before === undefined ? null : JSON.stringify(entry.before)}::jsonb,
      ${entry.after === undefined ? null : JSON.stringify(entry.after)}::jsonb)`);
}

/** What the owning modules' writes hand back for the record: the change, in this admin's name. */
export const auditedBy =
  (adminId: number): RecordChange =>
  (tx, change) =>
    recordAdminAction(tx, { adminId, ...change });

interface AuditRow {
  id: number;
  admin_id: number;
  admin_name: string;
  action: string;
  target_type: string;
  target_id: number;
  before: unknown;
  after: unknown;
  created_at: string;
}

/** The audit log, newest first, optionally one admin's or one target's records, with the admin's name. */
export async function listAdminActions(
  db: Pick<Database, "execute">,
  filters: { adminId?: number; targetType?: string; targetId?: number },
  { limit, offset }: { limit: number; offset: number },
) {
  const conditions = [
    filters.adminId !== undefined && sql`l.admin_id = ${filters.adminId}`,
    filters.targetType !== undefined && sql`l.target_type = ${filters.targetType}`,
    filters.targetId !== undefined && sql`l.target_id = ${filters.targetId}`,
  ].filter((condition) => condition !== false);
  const where = conditions.length ? sql.join(conditions, sql` and `) : sql`true`;
  const [rows, [counted]] = await Promise.all([
    db.execute<AuditRow & Record<string, unknown>>(sql`
      select l.id::int as id, l.admin_id, a.name as admin_name, l.action, l.target_type, l.target_id,
        l.before, l.after, l.created_at
      from admin_audit_log l join admins a on a.id = l.admin_id
      where ${where}
      order by l.created_at desc, l.id desc
      limit ${limit} offset ${offset}`),
    db.execute<{ total: number }>(sql`select count(*)::int as total from admin_audit_log l where ${where}`),
  ]);
  return {
    total: counted?.total ?? 0,
    rows: rows.map((row) => ({
      id: row.id,
      admin_id: row.admin_id,
      admin: { id: row.admin_id, name: row.admin_name },
      action: row.action,
      target_type: row.target_type,
      target_id: row.target_id,
      before: row.before,
      after: row.after,
      created_at: new Date(row.created_at).toISOString(),
    })),
  };
}
