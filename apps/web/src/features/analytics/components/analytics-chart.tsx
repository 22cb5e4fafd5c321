import type { TAnalyticsPoint } from "@waterside/shared/analytics";
import { clsx } from "clsx";
import { useEffect, useMemo, useRef, useState } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { splitToday } from "./chart-days";

const SERIES = [
  { key: "views", label: "Views", color: "#047857" },
  { key: "saves", label: "Saves", color: "#e11d48" },
  { key: "clicks", label: "Clicks", color: "#d97706" },
] as const;
type SeriesKey = (typeof SERIES)[number]["key"];
/** The "Figures by day" table's columns: the chart's series, and contacts (beyond the spec; not drawn). */
const COLUMNS = [...SERIES, { key: "contacts", label: "Contacts" }] as const;

const seconds = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;

/**
 * Views, saves and clicks by date as lines (spec §2 Insights): clicking a series shows it alone, Reset Filter shows
 * all three again. The figures, contacts included, are also in a table under the chart, for screen readers and for
 * reading exact values. Today, still counting, is not drawn (the line would drop at its end): a caption says so, and
 * its figures are in the table. uPlot (about 20 KB) loads only with the screens that show this chart.
 */
export function AnalyticsChart({ points, label }: { points: TAnalyticsPoint[]; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [only, setOnly] = useState<SeriesKey | null>(null);
  const { complete, today } = useMemo(() => splitToday(points), [points]);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const shown = SERIES.filter((series) => only === null || series.key === only);
    const chart = new uPlot(
      {
        width: element.clientWidth,
        height: 240,
        // Days are UTC calendar days (Liberia's time): show them as such whatever the browser's zone.
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), "Etc/UTC"),
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: true }, y: { range: (_self, _min, max) => [0, Math.max(4, Math.ceil(max * 1.1))] } },
        axes: [{}, { size: 40 }],
        series: [
          {},
          ...shown.map((series) => ({ label: series.label, stroke: series.color, width: 2, points: { size: 5 } })),
        ],
      },
      [
        complete.map((point) => seconds(point.date)),
        ...shown.map((series) => complete.map((point) => point[series.key])),
      ],
      element,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height: 240 }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [complete, only]);

  return (
    <figure className="space-y-3">
      <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Show one series">
        {SERIES.map((series) => (
          <button
            key={series.key}
            type="button"
            aria-pressed={only === series.key}
            onClick={() => setOnly(series.key)}
            className={clsx(
              "flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm",
              only === series.key ? "border-slate-900 font-semibold" : "border-slate-300",
            )}
          >
            <span className="size-2.5 rounded-full" style={{ background: series.color }} aria-hidden="true" />
            {series.label}
          </button>
        ))}
        {only !== null && (
          <button
            type="button"
            onClick={() => setOnly(null)}
            className="rounded-full px-3 py-1 text-sm font-medium text-emerald-800 hover:bg-emerald-50"
          >
            Reset Filter
          </button>
        )}
      </div>
      <div ref={box} className="w-full" aria-hidden="true" />
      <figcaption className={today ? "text-xs text-slate-500" : "sr-only"}>
        <span className="sr-only">{label}. </span>
        {today && "Today is still counting, so the chart ends yesterday; today so far is in the table below it."}
      </figcaption>
      <details className="text-sm">
        <summary className="cursor-pointer font-medium text-slate-700">Figures by day</summary>
        <div className="mt-2 max-h-64 overflow-auto">
          <table className="w-full text-left">
            <caption className="sr-only">{label}</caption>
            <thead>
              <tr className="text-slate-500">
                <th scope="col" className="py-1 font-medium">
                  Date
                </th>
                {COLUMNS.map((column) => (
                  <th key={column.key} scope="col" className="py-1 text-right font-medium">
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {[...points].reverse().map((point) => (
                <tr key={point.date} className="border-t border-slate-100">
                  <th scope="row" className="py-1 font-normal">
                    {point.date}
                    {point === today && <span className="text-slate-500"> (today, so far)</span>}
                  </th>
                  {COLUMNS.map((column) => (
                    <td key={column.key} className="py-1 text-right tabular-nums">
                      {point[column.key]}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
