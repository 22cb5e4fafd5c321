import { ADMIN_TABLE_PAGE } from "@waterside/shared/admin-messages";
import { USER_STATUS } from "@waterside/shared/reference-ids";
import { Link } from "react-router";
import { useFormatDate } from "~/lib/format";
import { withSignal } from "~/lib/api-client";
import { usePagedList } from "~/lib/use-paged-list";
import { adminTransport, requireAdmin } from "../admin-session";
import { getAdminUserReports } from "../api/get-admin-user-reports";
import { setUserReportStatus } from "../api/set-report-status";
import { AdminPage } from "../components/admin-page";
import { AdminTable } from "../components/admin-table";
import { ReportFilters, useReportActions } from "../components/report-actions";
import { RowMenu } from "../components/row-menu";
import { StatusBadge } from "../components/status-badge";
import { useFilters } from "../components/use-filters";

export function clientLoader() {
  requireAdmin();
  return null;
}

/**
 * Spec second document §2 /admin/users-reports (query reporter_user_id, reported_user_id): reports about users,
 * last updated first (spec §9 sort updated_at).
 */
export default function AdminUserReports() {
  const formatDate = useFormatDate();
  const { filters, setFilters } = useFilters();
  const list = usePagedList(
    (page, signal) =>
      getAdminUserReports(withSignal(adminTransport, signal), { ...filters, page, per_page: ADMIN_TABLE_PAGE }),
    filters,
  );
  const { actionsFor, dialog } = useReportActions(
    (reportId, change) => setUserReportStatus(adminTransport, reportId, change),
    list.replace,
  );

  return (
    <AdminPage title="User reports">
      <ReportFilters
        filters={filters}
        setFilters={setFilters}
        narrowing={["reporter_user_id", "reported_user_id"]}
        narrowedTo={
          filters.reported_user_id
            ? `About user #${filters.reported_user_id}`
            : filters.reporter_user_id
              ? `Reporter #${filters.reporter_user_id}`
              : null
        }
      />
      <AdminTable
        caption="User reports"
        list={list}
        columns={[
          {
            header: "Reported user",
            cell: (report) => (
              <span>
                <Link
                  to={`/admin/ads/${report.reported_user.id}`}
                  className="font-medium text-emerald-800 hover:underline"
                >
                  {report.reported_user.name}
                </Link>{" "}
                {report.reported_user.status_id === USER_STATUS.banned && <StatusBadge name="Banned" />}
                <span className="block text-xs break-words text-slate-600 md:hidden">{report.reason}</span>
              </span>
            ),
          },
          { header: "Reason", cell: (report) => <span className="break-words">{report.reason}</span>, wide: true },
          {
            header: "Reporter",
            cell: (report) => (
              <button
                type="button"
                onClick={() =>
                  setFilters({ reporter_user_id: String(report.reporter.id), reported_user_id: undefined })
                }
                className="text-left hover:underline"
              >
                {report.reporter.name}
              </button>
            ),
            wide: true,
          },
          { header: "Status", cell: (report) => <StatusBadge name={report.status_name} /> },
          { header: "Response", cell: (report) => report.admin_response ?? "—", wide: true },
          { header: "Updated", cell: (report) => formatDate(report.updated_at), wide: true },
          {
            header: "Actions",
            cell: (report) => (
              <RowMenu label={`Actions for the report on ${report.reported_user.name}`} actions={actionsFor(report)} />
            ),
          },
        ]}
      />
      {dialog}
    </AdminPage>
  );
}
