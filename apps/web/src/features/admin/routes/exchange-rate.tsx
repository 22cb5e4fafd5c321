import { BRAND } from "@waterside/shared/brand";
import { EXCHANGE_RATE_MESSAGES, type TAdminExchangeRate } from "@waterside/shared/exchange-rates";
import { withSignal } from "~/lib/api-client";
import { useFormatDate } from "~/lib/format";
import { usePagedList, type PagedList } from "~/lib/use-paged-list";
import { adminTransport, requireAdmin } from "../admin-session";
import { getExchangeRates } from "../api/get-exchange-rates";
import { AdminPage, AdminPageLoading } from "../components/admin-page";
import { AdminTable } from "../components/admin-table";
import { SetRateForm } from "../components/exchange-rate/set-rate-form";
import { formatRate, rateChange } from "../exchange-rate-text";

export const meta = () => [{ title: `Exchange rate | ${BRAND} admin` }, { name: "robots", content: "noindex" }];

export function clientLoader() {
  requireAdmin();
  return null;
}

export const HydrateFallback = AdminPageLoading;

const fetchHistory = (page: number, signal?: AbortSignal) => getExchangeRates(withSignal(adminTransport, signal), page);

/** A rate set from the command line or by the seed names no admin. */
const setBy = (rate: TAdminExchangeRate) => rate.admin?.name ?? "Not recorded";

/**
 * Issue 30 "Exchange rate" (decision 086): the US$→L$ rate in force, a form to set the Central Bank of Liberia's new
 * figure, and the history, newest first, each rate with how it moved from the one before and who set it. Every new
 * rate is a new row and an audit log entry. On a phone the note and admin go under the date, the change under the
 * rate.
 */
export default function AdminExchangeRate() {
  const formatDate = useFormatDate();
  const history = usePagedList(fetchHistory, "exchange-rates");

  // The new rate heads the history and is the one in force; a history that failed to load is asked again.
  function saved(rate: TAdminExchangeRate) {
    if (!history.data) {
      history.reload();
      return;
    }
    history.update((rows) => ({
      ...rows,
      items: [rate, ...rows.items.filter((item) => item.id !== rate.id)],
      total: rows.total + 1,
    }));
  }

  return (
    <AdminPage title="Exchange rate">
      <div className="grid gap-4 md:grid-cols-2">
        <RateInForce history={history} />
        <SetRateForm onSaved={saved} />
      </div>
      <section aria-labelledby="rate-history-heading" className="space-y-2">
        <h2 id="rate-history-heading" className="text-lg font-semibold">
          History
        </h2>
        <AdminTable
          caption="Exchange rate history"
          list={history}
          columns={[
            {
              header: "Date",
              cell: (rate) => (
                <>
                  <span className="whitespace-nowrap">{formatDate(rate.created_at, "time")}</span>
                  <span className="block text-xs break-words text-slate-500 md:hidden">
                    {[rate.note, setBy(rate)].filter(Boolean).join(" · ")}
                  </span>
                </>
              ),
            },
            {
              header: "Rate",
              cell: (rate) => (
                <>
                  <span className="font-medium whitespace-nowrap">{formatRate(rate.usd_lrd)}</span>
                  <span className="block text-xs whitespace-nowrap text-slate-500 md:hidden">
                    {rateChange(rate.usd_lrd, rate.previous_usd_lrd) ?? "First rate"}
                  </span>
                </>
              ),
            },
            {
              header: "Change",
              cell: (rate) => (
                <span className="whitespace-nowrap">
                  {rateChange(rate.usd_lrd, rate.previous_usd_lrd) ?? "First rate"}
                </span>
              ),
              wide: true,
            },
            { header: "Note", cell: (rate) => <span className="break-words">{rate.note}</span>, wide: true },
            { header: "Admin", cell: setBy, wide: true },
          ]}
        />
      </section>
    </AdminPage>
  );
}

/** The rate in force, big: the newest row of the history (the API's `GET /exchange-rates/latest` is the same row). */
function RateInForce({ history }: { history: PagedList<TAdminExchangeRate> }) {
  const formatDate = useFormatDate();
  const rate = history.data?.items[0];
  return (
    <section aria-labelledby="rate-in-force-heading" className="rounded-2xl bg-white p-4 shadow-sm sm:p-5">
      <h2 id="rate-in-force-heading" className="text-lg font-semibold">
        Rate in force
      </h2>
      {history.loading && !history.data ? (
        <p role="status" className="mt-3 text-slate-600">
          Loading...
        </p>
      ) : history.error ? (
        // The history below says what failed, with Retry.
        <p className="mt-3 text-slate-600">Not available right now.</p>
      ) : !rate ? (
        <p className="mt-3 text-slate-600">{EXCHANGE_RATE_MESSAGES.noRate}</p>
      ) : (
        <div className="mt-2 space-y-1">
          <p>
            <span className="text-4xl font-semibold tracking-tight text-emerald-800">{formatRate(rate.usd_lrd)}</span>{" "}
            <span className="text-slate-600">per US$ 1</span>
          </p>
          <p className="text-sm text-slate-600">
            Set {formatDate(rate.created_at, "time")} by {setBy(rate)}
            {rate.note && <> · {rate.note}</>}
          </p>
        </div>
      )}
    </section>
  );
}
