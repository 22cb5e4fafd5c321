import type { TPaged } from "@waterside/shared/api-envelope";
import type { TAdReport, TUserReport } from "@waterside/shared/reports";
import { REPORT_MESSAGES, REPORT_STATUS } from "@waterside/shared/reports-messages";
import { clsx } from "clsx";
import { useCallback, useEffect, useId, useState, type ReactNode } from "react";
import { Link } from "react-router";
import { adPath } from "~/components/ads/ad-path";
import { secondaryButtonClass } from "~/components/ui/form-field";
import { formatDate } from "~/lib/format";
import { authedTransport } from "~/lib/session";
import { getAdReports } from "../api/get-ad-reports";
import { getUserReports } from "../api/get-user-reports";

/**
 * Spec §2 own profile Reports tab (second document §2: "Reports lists ad reports and user reports"): the user's
 * reports with their status and the admin's response, newest first, each list paged with More.
 */
export function ReportsTab() {
  const loadAdReports = useCallback((page: number) => getAdReports(authedTransport, page), []);
  const loadUserReports = useCallback((page: number) => getUserReports(authedTransport, page), []);
  return (
    <div className="space-y-8">
      <ReportList
        title="Ad reports"
        empty={REPORT_MESSAGES.noAdReports}
        load={loadAdReports}
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
      <ReportList
        title="User reports"
        empty={REPORT_MESSAGES.noUserReports}
        load={loadUserReports}
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

/** The next page's number, or null on the last page. */
const nextOf = (page: TPaged<unknown>) => (page.next_page_url ? page.current_page + 1 : null);

type ListState<T> =
  | { status: "loading" }
  | { status: "error" }
  | { status: "ready"; items: T[]; nextPage: number | null; more: "idle" | "loading" | "error" };

/** One paged list: skeleton, error with retry, empty state, rows and a More button while pages remain. */
function ReportList<T extends { id: number }>({
  title,
  empty,
  load,
  render,
}: {
  title: string;
  empty: string;
  load: (page: number) => Promise<TPaged<T>>;
  render: (item: T) => ReactNode;
}) {
  const headingId = useId();
  const [state, setState] = useState<ListState<T>>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    load(1)
      .then((page) => current && setState({ status: "ready", items: page.data, nextPage: nextOf(page), more: "idle" }))
      .catch(() => current && setState({ status: "error" }));
    return () => {
      current = false;
    };
  }, [load, attempt]);

  function retry() {
    setState({ status: "loading" });
    setAttempt((count) => count + 1);
  }

  async function more() {
    if (state.status !== "ready" || state.nextPage === null) return;
    const { items, nextPage } = state;
    setState({ ...state, more: "loading" });
    try {
      const page = await load(nextPage);
      // A report made meanwhile shifts the pages: keep each report once.
      const known = new Set(items.map((item) => item.id));
      setState({
        status: "ready",
        items: [...items, ...page.data.filter((item) => !known.has(item.id))],
        nextPage: nextOf(page),
        more: "idle",
      });
    } catch {
      setState({ status: "ready", items, nextPage, more: "error" });
    }
  }

  return (
    <section aria-labelledby={headingId} aria-busy={state.status === "loading"} className="space-y-3">
      <h2 id={headingId} className="text-lg font-semibold">
        {title}
      </h2>
      {state.status === "loading" && <Skeleton />}
      {state.status === "error" && (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-xl bg-red-50 p-4 text-red-800">
          <p className="flex-1">{REPORT_MESSAGES.loadFailed}</p>
          <button type="button" onClick={retry} className={secondaryButtonClass}>
            Retry
          </button>
        </div>
      )}
      {state.status === "ready" && state.items.length === 0 && (
        <div className="rounded-xl border border-dashed border-slate-300 p-8 text-center">
          <p className="font-semibold">{empty}</p>
        </div>
      )}
      {state.status === "ready" && state.items.length > 0 && (
        <>
          <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
            {state.items.map((item) => (
              <li key={item.id} className="p-3 sm:p-4">
                {render(item)}
              </li>
            ))}
          </ul>
          {state.more === "error" && (
            <p role="alert" className="text-sm text-red-700">
              {REPORT_MESSAGES.loadFailed}
            </p>
          )}
          {state.nextPage !== null && (
            <button
              type="button"
              onClick={more}
              disabled={state.more === "loading"}
              className={clsx(secondaryButtonClass, "w-full sm:w-auto")}
            >
              {state.more === "loading" ? "Loading…" : "More"}
            </button>
          )}
        </>
      )}
    </section>
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

function Skeleton() {
  return (
    <ul aria-hidden="true" className="animate-pulse divide-y divide-slate-200 rounded-xl border border-slate-200">
      {[0, 1, 2].map((row) => (
        <li key={row} className="space-y-2 p-4">
          <div className="flex justify-between gap-4">
            <div className="h-4 w-2/3 rounded bg-slate-200" />
            <div className="h-4 w-20 rounded-full bg-slate-200" />
          </div>
          <div className="h-3 w-1/2 rounded bg-slate-100" />
        </li>
      ))}
    </ul>
  );
}
