import { ADMIN_TABLE_PAGE } from "@waterside/shared/admin-messages";
import { Link } from "react-router";
import { useFormatDate } from "~/lib/format";
import { withSignal } from "~/lib/api-client";
import { usePagedList } from "~/lib/use-paged-list";
import { adminTransport, requireAdmin } from "../admin-session";
import { getAdminAdReports } from "../api/get-admin-ad-reports";
import { setAdReportStatus } from "../api/set-report-status";
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

/** Spec second document §2 /admin/ads-reports (query ad_id, user_id): reports about ads and their handling. */
export default function AdminAdReports() {
  const formatDate = useFormatDate();
  const { filters, setFilters } = useFilters();
  const list = usePagedList(
    (page, signal) =>
      getAdminAdReports(withSignal(adminTransport, signal), { ...filters, page, per_page: ADMIN_TABLE_PAGE }),
    filters,
  );
  const { actionsFor, dialog } = useReportActions(
    (reportId, change) => setAdReportStatus(adminTransport, reportId, change),
    list.replace,
  );

  return (
    <AdminPage title="Ad reports">
      <ReportFilters
        filters={filters}
        setFilters={setFilters}
        narrowing={["ad_id", "user_id"]}
        narrowedTo={filters.ad_id ? `Ad #${filters.ad_id}` : filters.user_id ? `Reporter #${filters.user_id}` : null}
      />
      <AdminTable
        caption="Ad reports"
        list={list}
        columns={[
          {
            header: "Ad",
            cell: (report) => (
              <span>
                <Link
                  to={`/admin/ads/${report.ad.user_id}/${report.ad.id}`}
                  className="font-medium text-emerald-800 hover:underline"
                >
                  {report.ad.title}
                </Link>
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
                onClick={() => setFilters({ user_id: String(report.user.id), ad_id: undefined })}
                className="text-left hover:underline"
              >
                {report.user.name}
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
              <RowMenu label={`Actions for the report on ${report.ad.title}`} actions={actionsFor(report)} />
            ),
          },
        ]}
      />
      {dialog}
    </AdminPage>
  );
}
