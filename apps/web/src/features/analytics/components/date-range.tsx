import { ANALYTICS_DEFAULT_DAYS, ANALYTICS_RANGE_MAX_DAYS } from "@waterside/shared/analytics-messages";
import { useId, useState } from "react";

export interface DayRange {
  start: string;
  end: string;
}

const DAY_MS = 86_400_000;
/** A UTC calendar day, YYYY-MM-DD: the API's days are Liberia's, which is UTC. */
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The last `days` days, today included. */
export function lastDays(days = ANALYTICS_DEFAULT_DAYS): DayRange {
  const now = Date.now();
  return { start: dayOf(now - (days - 1) * DAY_MS), end: dayOf(now) };
}

/** From and To days of an analytics screen; the API bounds a range to a year. */
export function DateRangeFields({ value, onChange }: { value: DayRange; onChange: (range: DayRange) => void }) {
  const id = useId();
  const [today] = useState(() => dayOf(Date.now()));
  const earliest = (end: string) => dayOf(Date.parse(end) - (ANALYTICS_RANGE_MAX_DAYS - 1) * DAY_MS);
  const field = "rounded-lg border border-slate-300 px-2 py-1.5 text-sm";
  return (
    <fieldset className="flex flex-wrap items-end gap-3">
      <legend className="sr-only">Dates</legend>
      <label htmlFor={`${id}-from`} className="flex flex-col gap-1 text-sm text-slate-700">
        From
        <input
          id={`${id}-from`}
          type="date"
          className={field}
          value={value.start}
          min={earliest(value.end)}
          max={value.end}
          required
          onChange={(event) => event.target.value && onChange({ ...value, start: event.target.value })}
        />
      </label>
      <label htmlFor={`${id}-to`} className="flex flex-col gap-1 text-sm text-slate-700">
        To
        <input
          id={`${id}-to`}
          type="date"
          className={field}
          value={value.end}
          min={value.start}
          max={today}
          required
          onChange={(event) => event.target.value && onChange({ ...value, end: event.target.value })}
        />
      </label>
    </fieldset>
  );
}
