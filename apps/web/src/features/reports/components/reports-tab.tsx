import type { TAdReport, TUserReport } from "@waterside/shared/reports";
import { REPORT_MESSAGES, REPORT_STATUS } from "@waterside/shared/reports-messages";
import { clsx } from "clsx";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { adPath } from "~/components/ads/ad-path";
import { PagedList } from "~/components/paged-list";
import { withSignal } from "~/lib/api-client";
import { formatDate } from "~/lib/format";
import { authedTransport } from "~/lib/session";
import { getAdReports } from "../api/get-ad-reports";
import { getUserReports } from "../api/get-user-reports";

/**
 * Spec §2 own profile Reports tab (second document §2: "Reports lists ad reports and user reports"): the user's
 * reports with their status and the admin's response, newest first, each list paged with More.
 */
export function ReportsTab() {
  return (
    <div className="space-y-8">
      <PagedList
        title="Ad reports"
        empty={REPORT_MESSAGES.noAdReports}
        loadFailed={REPORT_MESSAGES.loadFailed}
        fetchPage={(page, signal) => getAdReports(withSignal(authedTransport, signal), page)}
        keyOf={(report) => report.id}
        render={(report: TAdReport) => (
          <ReportRow
            subject={
              report.ad.is_visible ? (
                <Link to={adPath(report.ad)} className="font-medium text-emerald-800 hover:underline">
                  {report.ad.title}
                </Link>
              ) : (
                <span className="font-medium">
                  {report.ad.title} <span className="text-sm font-normal text-slate-500">(not public now)</span>
                </span>
              )
            }
            report={report}
          />
        )}
      />
      <PagedList
        title="User reports"
        empty={REPORT_MESSAGES.noUserReports}
        loadFailed={REPORT_MESSAGES.loadFailed}
        fetchPage={(page, signal) => getUserReports(withSignal(authedTransport, signal), page)}
        keyOf={(report) => report.id}
        render={(report: TUserReport) => (
          <ReportRow
            subject={
              report.reported_user.is_visible ? (
                <Link
                  to={`/profile/${report.reported_user.id}`}
                  className="font-medium text-emerald-800 hover:underline"
                >
                  {report.reported_user.name}
                </Link>
              ) : (
                <span className="font-medium">{report.reported_user.name}</span>
              )
            }
            report={report}
          />
        )}
      />
    </div>
  );
}

function ReportRow({
  subject,
  report,
}: {
  subject: ReactNode;
  report: { reason: string; status_id: number; status_name: string; admin_response: string | null; created_at: string };
}) {
  return (
    <article className="space-y-1.5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 break-words">{subject}</div>
        <StatusBadge id={report.status_id} name={report.status_name} />
      </div>
      <p className="text-sm break-words text-slate-700">
        <span className="text-slate-500">Reason:</span> {report.reason}
      </p>
      <p className="text-xs text-slate-500">Reported {formatDate(report.created_at)}</p>
      {report.admin_response && (
        <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm break-words text-slate-800">
          <span className="font-medium">Response:</span> {report.admin_response}
        </p>
      )}
    </article>
  );
}

/** Spec §3 report status: Unresolved, Under Review, Resolved, each in its own colour (and in words). */
function StatusBadge({ id, name }: { id: number; name: string }) {
  return (
    <span
      className={clsx(
        "shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold",
        id === REPORT_STATUS.resolved
          ? "bg-emerald-100 text-emerald-900"
          : id === REPORT_STATUS.underReview
            ? "bg-sky-100 text-sky-900"
            : "bg-amber-100 text-amber-900",
      )}
    >
      {name}
    </span>
  );
}
