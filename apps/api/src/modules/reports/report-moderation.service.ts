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
import { sql } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { toPage } from "../../lib/paging.ts";
import type { RecordChange } from "../../lib/recorded-change.ts";
import { fieldError, notFound } from "../../plugins/errors.ts";
import {
  allOf,
  countReports,
  findModeratedAdReports,
  findModeratedUserReports,
  lockReportStatus,
  writeReportStatus,
  type ModeratedAdReportRow,
  type ModeratedUserReportRow,
  type ReportTable,
} from "./reports.queries.ts";
import { reportFields } from "./reports.service.ts";

const toAdReport = (row: ModeratedAdReportRow): TAdminAdReport => ({
  ...reportFields(row),
  ad_id: row.ad_id,
  user_id: row.user_id,
  ad: { id: row.ad_id, title: row.ad_title, status_id: row.ad_status_id, user_id: row.ad_user_id },
  user: { id: row.user_id, name: row.user_name, email: row.user_email },
});

const toUserReport = (row: ModeratedUserReportRow): TAdminUserReport => ({
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

interface StatusState {
  status_id: number;
  admin_response: string | null;
}

/**
 * Spec §4 "Report status (ad and user)": Unresolved ↔ Under Review; any open status → Resolved ('Make it Resolved');
 * a response resolves the report whatever `status_id` says; Resolved is final (422). The same status again is a
 * no-op: nothing changes and nothing is recorded. Returns the state to write, or null for a no-op.
 */
function nextReportState(current: StatusState, change: TReportStatusChange): StatusState | null {
  if (current.status_id === REPORT_STATUS.resolved) {
    throw fieldError("status_id", ADMIN_MODERATION_MESSAGES.resolvedIsFinal);
  }
  if (change.admin_response !== null) {
    return { status_id: REPORT_STATUS.resolved, admin_response: change.admin_response };
  }
  if (change.status_id === current.status_id) return null;
  return { status_id: change.status_id, admin_response: current.admin_response };
}

/**
 * Reports as admins handle them (issue 16; spec §5 "Admin reports and reviews"): every report, filtered, and status
 * changes, each handed to `record` in its own transaction (the admin area's audit row, decision 049).
 */
export function createReportModerationService(db: Database) {
  async function changeStatus(table: ReportTable, reportId: number, change: TReportStatusChange, record: RecordChange) {
    await db.transaction(async (tx) => {
      const current = await lockReportStatus(tx, table, reportId);
      if (!current) throw notFound("Report");
      const next = nextReportState(current, change);
      if (!next) return;
      await writeReportStatus(tx, table, reportId, next);
      const kind = table === "ad_reports" ? "ad_report" : "user_report";
      await record(tx, {
        action: `${kind}.status`,
        targetType: kind,
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
      const where = allOf([
        typeof query.status === "number" && sql`r.status_id = ${query.status}`,
        query.ad_id !== undefined && sql`r.ad_id = ${query.ad_id}`,
        query.user_id !== undefined && sql`r.user_id = ${query.user_id}`,
      ]);
      const [rows, total] = await Promise.all([
        findModeratedAdReports(db, where, { limit: perPage, offset: (page - 1) * perPage }),
        countReports(db, "ad_reports", where),
      ]);
      return toPage(rows.map(toAdReport), total, page, perPage, { path, query });
    },

    async userReports(query: TAdminUserReportsQuery, path: string) {
      const page = query.page ?? 1;
      const perPage = query.per_page ?? ADMIN_TABLE_PAGE;
      const where = allOf([
        typeof query.status === "number" && sql`r.status_id = ${query.status}`,
        query.reporter_user_id !== undefined && sql`r.reporter_user_id = ${query.reporter_user_id}`,
        query.reported_user_id !== undefined && sql`r.reported_user_id = ${query.reported_user_id}`,
      ]);
      const [rows, total] = await Promise.all([
        findModeratedUserReports(db, where, { limit: perPage, offset: (page - 1) * perPage }),
        countReports(db, "user_reports", where),
      ]);
      return toPage(rows.map(toUserReport), total, page, perPage, { path, query });
    },

    async changeAdReportStatus(reportId: number, change: TReportStatusChange, record: RecordChange) {
      await changeStatus("ad_reports", reportId, change, record);
      const [row] = await findModeratedAdReports(db, sql`r.id = ${reportId}`, { limit: 1, offset: 0 });
      return toAdReport(row!);
    },

    async changeUserReportStatus(reportId: number, change: TReportStatusChange, record: RecordChange) {
      await changeStatus("user_reports", reportId, change, record);
      const [row] = await findModeratedUserReports(db, sql`r.id = ${reportId}`, { limit: 1, offset: 0 });
      return toUserReport(row!);
    },
  };
}

export type ReportModerationService = ReturnType<typeof createReportModerationService>;
