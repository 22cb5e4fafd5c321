import type { TPerformance } from "@waterside/shared/analytics";
import { clsx } from "clsx";
import { useState } from "react";
import { Link } from "react-router";
import { withSignal } from "~/lib/api-client";
import { authedTransport } from "~/lib/session";
import { useLoad } from "~/lib/use-load";
import { getPerformance } from "../api/get-performance";
import { AnalyticsChart } from "./analytics-chart";
import { percentChange } from "./chart-days";
import { lastDays } from "./date-range";
import { CONTACTS_HINT } from "./contacts-hint";
import { LoadFailed } from "./load-failed";

const PERIODS = [7, 30, 90] as const;
const FIGURES = [
  ["views", "Views"],
  ["saves", "Saves"],
  ["clicks", "Clicks"],
  // Beyond the spec: phone numbers revealed and chats started (decisions 044, 072). A figure and a column, not a line.
  ["contacts", "Contacts"],
] as const;

/**
 * Spec §2 own profile Performance tab: the seller's views, saves and clicks (and contacts, beyond the spec) over all
 * their ads for the last 7, 30 or 90 days, against the days before, by date in a chart, and their most seen ads.
 * Loaded only when the tab opens.
 */
export default function PerformanceTab() {
  const [days, setDays] = useState<(typeof PERIODS)[number]>(30);
  const load = useLoad((signal) => {
    const range = lastDays(days);
    return getPerformance(withSignal(authedTransport, signal), { startTime: range.start, endTime: range.end });
  }, days);
  const performance: TPerformance | undefined = load.data;

  return (
    <div className="space-y-4" aria-busy={load.loading}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">Performance</h2>
        <div role="group" aria-label="Period" className="flex gap-1">
          {PERIODS.map((period) => (
            <button
              key={period}
              type="button"
              aria-pressed={days === period}
              onClick={() => setDays(period)}
              className={clsx(
                "rounded-lg px-3 py-1.5 text-sm font-medium",
                days === period ? "bg-emerald-700 text-white" : "text-slate-700 hover:bg-emerald-50",
              )}
            >
              {period} days
            </button>
          ))}
        </div>
      </div>
      {load.loading && <div className="h-72 animate-pulse rounded-lg bg-slate-100" />}
      {load.error && <LoadFailed message="Your performance could not be loaded." onRetry={load.reload} />}
      {performance && (
        <>
          <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {FIGURES.map(([key, label]) => {
              const delta = percentChange(performance.totals[key], performance.previous_totals[key]);
              return (
                <div key={key} className="rounded-lg bg-slate-50 p-3">
                  <dt className="text-xs text-slate-500">{label}</dt>
                  <dd className="text-xl font-semibold tabular-nums">
                    {performance.totals[key]}
                    {delta && (
                      <span className="ml-1 text-xs font-medium text-slate-500">
                        {delta} <span className="sr-only">against the {days} days before</span>
                      </span>
                    )}
                  </dd>
                  {key === "contacts" && <dd className="text-xs text-slate-500">{CONTACTS_HINT}</dd>}
                </div>
              );
            })}
          </dl>
          {FIGURES.every(([key]) => performance.totals[key] === 0) ? (
            <div className="rounded-xl border border-dashed border-slate-300 p-8 text-center">
              <p className="font-semibold">No views yet</p>
              <p className="mt-1 text-slate-600">When buyers see, open and save your ads, it shows here.</p>
            </div>
          ) : (
            <>
              <AnalyticsChart points={performance.statistics} label="Views, saves and clicks of all your ads by date" />
              <section aria-labelledby="top-ads" className="space-y-2">
                <h3 id="top-ads" className="font-semibold">
                  Most seen ads
                </h3>
                <ol className="divide-y divide-slate-100">
                  {performance.top_ads.map((ad) => (
                    <li
                      key={ad.ad_id}
                      className="flex flex-col gap-0.5 py-2 text-sm sm:flex-row sm:items-center sm:gap-3"
                    >
                      {/* Spec §2: profile lists link to the ad with placeholders; the ad page redirects. */}
                      <Link
                        to={`/categories/undefined/undefined/${ad.ad_id}`}
                        className="min-w-0 truncate font-medium hover:underline sm:flex-1"
                      >
                        {ad.title}
                      </Link>
                      <span className="text-slate-600 tabular-nums sm:shrink-0">
                        {ad.views} views · {ad.saves} saves · {ad.clicks} clicks · {ad.contacts} contacts
                      </span>
                    </li>
                  ))}
                </ol>
              </section>
            </>
          )}
        </>
      )}
    </div>
  );
}
