import { ADMIN_TABLE_PAGE } from "@waterside/shared/admin-messages";
import { withSignal } from "~/lib/api-client";
import { usePagedList } from "~/lib/use-paged-list";
import { adminTransport, requireAdmin } from "../admin-session";
import { getAuditLog } from "../api/get-audit-log";
import { AdminPage } from "../components/admin-page";
import { AdminTable } from "../components/admin-table";
import { useFilters } from "../components/use-filters";

export function clientLoader() {
  requireAdmin();
  return null;
}

const time = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short" });

/** What changed, read from the record's before and after (a status, a name …): "status: Active → Hidden". */
function describeChange(before: unknown, after: unknown): string {
  const from = (before ?? {}) as Record<string, unknown>;
  const to = (after ?? {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(from), ...Object.keys(to)])];
  const show = (value: unknown) =>
    value === undefined || value === null ? "—" : typeof value === "object" ? JSON.stringify(value) : String(value);
  return keys
    .filter((key) => JSON.stringify(from[key]) !== JSON.stringify(to[key]))
    .map((key) => `${key}: ${show(from[key])} → ${show(to[key])}`)
    .join("; ");
}

/** Issue 16 audit log (decision 049): every admin write, who, when, what and the change; nobody can erase it. */
export default function AdminAuditLog() {
  const { filters } = useFilters();
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
          { header: "When", cell: (entry) => time.format(new Date(entry.created_at)) },
          { header: "Admin", cell: (entry) => entry.admin.name },
          { header: "Action", cell: (entry) => entry.action },
          { header: "Target", cell: (entry) => `${entry.target_type} #${entry.target_id}` },
          {
            header: "Change",
            cell: (entry) => <span className="break-words">{describeChange(entry.before, entry.after)}</span>,
            wide: true,
          },
        ]}
      />
    </AdminPage>
  );
}
