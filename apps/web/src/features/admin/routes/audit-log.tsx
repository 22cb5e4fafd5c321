import { ADMIN_TABLE_PAGE } from "@waterside/shared/admin-messages";
import { withSignal } from "~/lib/api-client";
import { useFormatDate } from "~/lib/format";
import { usePagedList } from "~/lib/use-paged-list";
import { adminTransport, requireAdmin } from "../admin-session";
import { getAuditLog } from "../api/get-audit-log";
import { auditSentence } from "../audit-sentence";
import { AdminPage } from "../components/admin-page";
import { AdminTable } from "../components/admin-table";
import { useFilters } from "../components/use-filters";

export function clientLoader() {
  requireAdmin();
  return null;
}

/**
 * Issue 16 audit log (decision 049): every admin write, who, when and what it changed, which nobody can erase. Each
 * entry reads as a sentence ("Ad report #12 resolved: Under Review → Resolved", issue 26); on a phone who and when go
 * under it, so the table fits the screen.
 */
export default function AdminAuditLog() {
  const { filters } = useFilters();
  const formatDate = useFormatDate();
  const list = usePagedList(
    (page, signal) => getAuditLog(withSignal(adminTransport, signal), { ...filters, page, per_page: ADMIN_TABLE_PAGE }),
    filters,
  );
  return (
    <AdminPage title="Audit log">
      <AdminTable
        caption="Audit log"
        list={list}
        columns={[
          {
            header: "What happened",
            cell: (entry) => (
              <>
                <span className="break-words">{auditSentence(entry)}</span>
                <span className="block text-xs text-slate-500 md:hidden">
                  {entry.admin.name} · {formatDate(entry.created_at, "time")}
                </span>
              </>
            ),
          },
          { header: "Admin", cell: (entry) => entry.admin.name, wide: true },
          {
            header: "When",
            cell: (entry) => <span className="whitespace-nowrap">{formatDate(entry.created_at, "time")}</span>,
            wide: true,
          },
        ]}
      />
    </AdminPage>
  );
}
