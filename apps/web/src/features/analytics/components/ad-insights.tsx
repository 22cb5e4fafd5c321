import type { TAnalyticsHistory } from "@waterside/shared/analytics";
import { useState } from "react";
import { withSignal } from "~/lib/api-client";
import { authedTransport } from "~/lib/session";
import { useLoad } from "~/lib/use-load";
import { getAdHistory } from "../api/get-ad-history";
import { AnalyticsChart } from "./analytics-chart";
import { CONTACTS_HINT } from "./contacts-hint";
import { DateRangeFields, lastDays, type DayRange } from "./date-range";
import { LoadFailed } from "./load-failed";

const FIGURES = [
  ["views", "Views"],
  ["saves", "Saves"],
  ["clicks", "Clicks"],
  // Beyond the spec: phone numbers revealed and chats started (decisions 044, 072), once per buyer a day. A figure
  // and a column, not a line.
  ["contacts", "Contacts"],
] as const;

/** What a figure counts, when its name alone does not say. */
const HINTS: Partial<Record<(typeof FIGURES)[number][0], string>> = { contacts: CONTACTS_HINT };

/**
 * Spec §2 ad page Insights, for the ad's owner: Views, Saves and Clicks by date over a range (the last 30 days
 * first), the range's totals with Contacts beside them, and Back to the ad. Loaded only when the owner opens it.
 */
export default function AdInsights({ adId, title, onBack }: { adId: number; title: string; onBack: () => void }) {
  const [range, setRange] = useState<DayRange>(lastDays);
  const load = useLoad(
    (signal) =>
      getAdHistory(withSignal(authedTransport, signal), adId, { start_date: range.start, end_date: range.end }),
    [adId, range.start, range.end],
  );
  const history: TAnalyticsHistory | undefined = load.data;

  const totals = history
    ? Object.fromEntries(FIGURES.map(([key]) => [key, history.statistics.reduce((sum, point) => sum + point[key], 0)]))
    : null;

  return (
    <section aria-labelledby="ad-insights" className="space-y-4 rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="ad-insights" className="text-lg font-semibold">
          Insights <span className="sr-only">of {title}</span>
        </h2>
        <button
          type="button"
          onClick={onBack}
          className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-50"
        >
          Back
        </button>
      </div>
      <DateRangeFields value={range} onChange={setRange} />
      {load.loading && (
        <div aria-busy="true" className="h-72 animate-pulse rounded-lg bg-slate-100">
          <span className="sr-only">Loading...</span>
        </div>
      )}
      {load.error && <LoadFailed message="The insights could not be loaded." onRetry={load.reload} />}
      {totals && history && (
        <>
          <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {FIGURES.map(([key, label]) => (
              <div key={key} className="rounded-lg bg-slate-50 p-3">
                <dt className="text-xs text-slate-500">{label}</dt>
                <dd className="text-xl font-semibold tabular-nums">{totals[key]}</dd>
                {HINTS[key] && <dd className="text-xs text-slate-500">{HINTS[key]}</dd>}
              </div>
            ))}
          </dl>
          {FIGURES.every(([key]) => totals[key] === 0) && (
            <p className="text-sm text-slate-600">No views, saves, clicks or contacts on these days yet.</p>
          )}
          <AnalyticsChart points={history.statistics} label={`Views, saves and clicks of ${title} by date`} />
        </>
      )}
    </section>
  );
}
