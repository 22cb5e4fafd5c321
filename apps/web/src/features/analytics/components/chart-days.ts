import type { TAnalyticsPoint } from "@waterside/shared/analytics";

/** Today as a UTC calendar day (YYYY-MM-DD): the API's days are Liberia's, which is UTC. */
export const utcToday = (time = Date.now()) => new Date(time).toISOString().slice(0, 10);

/**
 * The days a chart draws and today's, if the range ends today: today is still counting, so drawing it would show a
 * drop at the end of every line that is not there. Its figures stay in the totals and the table.
 */
export function splitToday<Point extends Pick<TAnalyticsPoint, "date">>(points: readonly Point[], today = utcToday()) {
  const last = points.at(-1);
  if (last?.date !== today) return { complete: [...points], today: null };
  return { complete: points.slice(0, -1), today: last };
}

/**
 * "+12%" against the days before; null when there is nothing to compare with (the days before had none), where a
 * percentage would read +100%, +Infinity% or NaN%.
 */
export function percentChange(now: number, before: number): string | null {
  if (!Number.isFinite(now) || !Number.isFinite(before) || before <= 0) return null;
  const percent = Math.round(((now - before) / before) * 100);
  return `${percent > 0 ? "+" : ""}${percent}%`;
}
