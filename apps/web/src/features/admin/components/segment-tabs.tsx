import { clsx } from "clsx";

/** The admin tables' status segment tabs (spec second document §9 "Admin filters"): one choice at a time. */
export function SegmentTabs<V extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly { value: V; label: string }[];
  value: V;
  onChange: (value: V) => void;
}) {
  return (
    <div role="group" aria-label={label} className="inline-flex flex-wrap gap-1 rounded-xl bg-slate-200/70 p-1">
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
          className={clsx(
            "rounded-lg px-3 py-1.5 text-sm font-medium",
            option.value === value ? "bg-white text-emerald-800 shadow-sm" : "text-slate-700 hover:bg-white/60",
          )}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
