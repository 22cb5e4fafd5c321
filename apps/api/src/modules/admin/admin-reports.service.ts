import type {
  TAdminAdReport,
  TAdminAdReportsQuery,
  TAdminUserReport,
  TAdminUserReportsQuery,
  TReportStatusChange,
} from "@waterside/shared/admin-moderation";
import { ADMIN_TABLE_PAGE } from "@waterside/shared/admin-messages";
import { ADMIN_MODERATION_MESSAGES } from "@waterside/shared/admin-moderation-messages";
import { REPORT_STATUS } from "@waterside/shared/reports-messages";
import { sql, type SQL } from "drizzle-orm";
import type { Database, Transaction } from "../../db/database.ts";
import { toPage } from "../../lib/paging.ts";
import { fieldError, notFound } from "../../plugins/errors.ts";
import { recordAdminAction } from "./admin-audit.ts";
import { whereAll } from "./admin-paging.ts";

type Reader = Pick<Database, "execute">;
const iso = (value: string | Date) => new Date(value).toISOString();

interface ReportRow {
  id: number;
  reason: string;
  admin_response: string | null;
  status_id: number;
  status_name: string;
  created_at: string;
  updated_at: string;
}
interface AdReportRow extends ReportRow {
  ad_id: number;
  user_id: number;
  ad_title: string;
  ad_user_id: number;
  ad_status_id: number;
  user_name: string;
  user_email: string | null;
}
interface UserReportRow extends ReportRow {
  reporter_user_id: number;
  reported_user_id: number;
  reporter_name: string;
  reporter_email: string | null;
  reported_name: string;
  reported_email: string | null;
  reported_status_id: number;
}

const reportFields = (row: ReportRow) => ({
  id: row.id,
  reason: row.reason,
  admin_response: row.admin_response,
  status_id: row.status_id,
  status_name: row.status_name,
  created_at: iso(row.created_at),
  updated_at: iso(row.updated_at),
});

const toAdReport = (row: AdReportRow): TAdminAdReport => ({
  ...reportFields(row),
  ad_id: row.ad_id,
  user_id: row.user_id,
  ad: { id: row.ad_id, title: row.ad_title, status_id: row.ad_status_id, user_id: row.ad_user_id },
  user: { id: row.user_id, name: row.user_name, email: row.user_email },
});

const toUserReport = (row: UserReportRow): TAdminUserReport => ({
  ...reportFields(row),
  reporter_user_id: row.reporter_user_id,
  reported_user_id: row.reported_user_id,
  reporter: { id: row.reporter_user_id, name: row.reporter_name, email: row.reporter_email },
  reported_user: {
    id: row.reported_user_id,
    name: row.reported_name,
    email: row.reported_email,
    status_id: row.reported_status_id,
  },
});

async function selectAdReports(db: Reader, where: SQL, limit: number, offset: number) {
  return [
    ...(await db.execute<AdReportRow & Record<string, unknown>>(sql`
      select r.id, r.reason, r.admin_response, r.status_id, st.name as status_name, r.created_at, r.updated_at,
        r.ad_id, r.user_id, a.title as ad_title, a.status_id as ad_status_id, a.user_id as ad_user_id,
        u.name as user_name, u.email as user_email
      from ad_reports r
      join report_statuses st on st.id = r.status_id
      join ads a on a.id = r.ad_id
      join users u on u.id = r.user_id
      where ${where}
      order by r.updated_at desc, r.id desc
      limit ${limit} offset ${offset}`)),
  ];
}

async function selectUserReports(db: Reader, where: SQL, limit: number, offset: number) {
  return [
    ...(await db.execute<UserReportRow & Record<string, unknown>>(sql`
      select r.id, r.reason, r.admin_response, r.status_id, st.name as status_name, r.created_at, r.updated_at,
        r.reporter_user_id, r.reported_user_id,
        reporter.name as reporter_name, reporter.email as reporter_email,
        reported.name as reported_name, reported.email as reported_email, reported.status_id as reported_status_id
      from user_reports r
      join report_statuses st on st.id = r.status_id
      join users reporter on reporter.id = r.reporter_user_id
      join users reported on reported.id = r.reported_user_id
      where ${where}
      order by r.updated_at desc, r.id desc
      limit ${limit} offset ${offset}`)),
  ];
}

async function count(db: Reader, table: "ad_reports" | "user_reports", where: SQL) {
  const [row] = await db.execute<{ total: number }>(
    sql`select count(*)::int as total from ${sql.raw(table)} r where ${where}`,
  );
  return row?.total ?? 0;
}

interface StatusState {
  status_id: number;
  admin_response: string | null;
}

/**
 * Spec §4 "Report status (ad and user)": Unresolved ↔ Under Review; any open status → Resolved ('Make it Resolved');
 * a response resolves the report whatever `status_id` says; Resolved is final (422). The same status again is a
 * no-op: nothing changes and nothing is recorded. Returns the state to write, or null for a no-op.
 */
export function nextReportState(current: StatusState, change: TReportStatusChange): StatusState | null {
  if (current.status_id === REPORT_STATUS.resolved) {
    throw fieldError("status_id", ADMIN_MODERATION_MESSAGES.resolvedIsFinal);
  }
  if (change.admin_response !== null) {
    return { status_id: REPORT_STATUS.resolved, admin_response: change.admin_response };
  }
  if (change.status_id === current.status_id) return null;
  return { status_id: change.status_id, admin_response: current.admin_response };
}

/** The admin's report tables and status changes (issue 16; spec §5 "Admin reports and reviews"). */
export function createAdminReportsService(db: Database) {
  /** Locks the report, applies the transition and records it, in one transaction. */
  async function changeStatus(
    table: "ad_reports" | "user_reports",
    adminId: number,
    reportId: number,
    change: TReportStatusChange,
  ) {
    await db.transaction(async (tx: Transaction) => {
      const [current] = await tx.execute<StatusState & Record<string, unknown>>(sql`
        select status_id, admin_response from ${sql.raw(table)} where id = ${reportId} for update`);
      if (!current) throw notFound("Report");
      const next = nextReportState(current, change);
      if (!next) return;
      await tx.execute(sql`
        update ${sql.raw(table)}
        set status_id = ${next.status_id}, admin_response = ${next.admin_response}, updated_at = now()
        where id = ${reportId}`);
      await recordAdminAction(tx, {
        adminId,
        action: `${table === "ad_reports" ? "ad_report" : "user_report"}.status`,
        targetType: table === "ad_reports" ? "ad_report" : "user_report",
        targetId: reportId,
        before: { status_id: current.status_id, admin_response: current.admin_response },
        after: next,
      });
    });
  }

  return {
    async adReports(query: TAdminAdReportsQuery, path: string) {
      const page = query.page ?? 1;
      const perPage = query.per_page ?? ADMIN_TABLE_PAGE;
      const where = whereAll([
        typeof query.status === "number" && sql`r.status_id = ${query.status}`,
        query.ad_id !== undefined && sql`r.ad_id = ${query.ad_id}`,
        query.user_id !== undefined && sql`r.user_id = ${query.user_id}`,
      ]);
      const [rows, total] = await Promise.all([
        selectAdReports(db, where, perPage, (page - 1) * perPage),
        count(db, "ad_reports", where),
      ]);
      return toPage(rows.map(toAdReport), total, page, perPage, { path, query });
    },

    async userReports(query: TAdminUserReportsQuery, path: string) {
      const page = query.page ?? 1;
      const perPage = query.per_page ?? ADMIN_TABLE_PAGE;
      const where = whereAll([
        typeof query.status === "number" && sql`r.status_id = ${query.status}`,
        query.reporter_user_id !== undefined && sql`r.reporter_user_id = ${query.reporter_user_id}`,
        query.reported_user_id !== undefined && sql`r.reported_user_id = ${query.reported_user_id}`,
      ]);
      const [rows, total] = await Promise.all([
        selectUserReports(db, where, perPage, (page - 1) * perPage),
        count(db, "user_reports", where),
      ]);
      return toPage(rows.map(toUserReport), total, page, perPage, { path, query });
    },

    async changeAdReportStatus(adminId: number, reportId: number, change: TReportStatusChange) {
      await changeStatus("ad_reports", adminId, reportId, change);
      return toAdReport((await selectAdReports(db, sql`r.id = ${reportId}`, 1, 0))[0]!);
    },

    async changeUserReportStatus(adminId: number, reportId: number, change: TReportStatusChange) {
      await changeStatus("user_reports", adminId, reportId, change);
      return toUserReport((await selectUserReports(db, sql`r.id = ${reportId}`, 1, 0))[0]!);
    },
  };
}

export type AdminReportsService = ReturnType<typeof createAdminReportsService>;
