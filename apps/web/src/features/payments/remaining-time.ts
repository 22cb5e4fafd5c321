const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/** Second document §4 "Subscription status": an active boost shows the time it has left, in days and hours. */
export function remainingTime(endDate: string | null, now = Date.now()): string | null {
  const end = endDate ? Date.parse(endDate) : NaN;
  if (Number.isNaN(end)) return null;
  const left = end - now;
  if (left <= 0) return "Ends now";
  if (left < HOUR_MS) return "Less than an hour left";
  const days = Math.floor(left / DAY_MS);
  const hours = Math.floor((left % DAY_MS) / HOUR_MS);
  if (days === 0) return `${plural(hours, "hour")} left`;
  return `${plural(days, "day")}${hours ? ` ${plural(hours, "hour")}` : ""} left`;
}
