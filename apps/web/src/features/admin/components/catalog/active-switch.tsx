import { clsx } from "clsx";
import { useId } from "react";

/**
 * An active toggle (spec second document §4 "Category and subcategory activation"). When it cannot be switched on,
 * it stays focusable but is marked disabled, and says why in a note under it that describes it (a `title` alone
 * reaches neither keyboards nor touch screens).
 */
export function ActiveSwitch({
  label,
  checked,
  busy = false,
  disabledReason,
  onToggle,
}: {
  label: string;
  checked: boolean;
  busy?: boolean;
  /** Set when the switch cannot be used: the reason shown. */
  disabledReason?: string;
  onToggle: () => void;
}) {
  const reasonId = useId();
  const disabled = Boolean(disabledReason) || busy;
  return (
    <div className="space-y-1">
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-disabled={disabled || undefined}
        aria-describedby={disabledReason ? reasonId : undefined}
        onClick={() => !disabled && onToggle()}
        className={clsx(
          "inline-flex items-center gap-2 rounded-lg py-1 pr-2 text-sm font-medium focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:outline-none",
          disabled ? "cursor-not-allowed text-slate-500" : "text-slate-800",
        )}
      >
        <span
          aria-hidden="true"
          className={clsx(
            "relative inline-flex h-6 w-11 shrink-0 rounded-full transition-colors",
            checked ? "bg-emerald-600" : "bg-slate-300",
            disabled && "opacity-60",
          )}
        >
          <span
            className={clsx(
              "absolute top-0.5 left-0.5 size-5 rounded-full bg-white shadow transition-transform",
              checked && "translate-x-5",
            )}
          />
        </span>
        {label}
      </button>
      {disabledReason && (
        <p id={reasonId} className="flex items-start gap-1.5 text-sm text-amber-800">
          <svg viewBox="0 0 20 20" className="mt-0.5 size-4 shrink-0" fill="currentColor" aria-hidden="true">
            <path
              fillRule="evenodd"
              d="M18 10a8 8 0 1 1-16 0 8 8 0 0 1 16 0Zm-7-4a1 1 0 1 1-2 0 1 1 0 0 1 2 0ZM9 9a.75.75 0 0 0 0 1.5h.25v3a.75.75 0 0 0 1.5 0v-3.5A.75.75 0 0 0 10 9H9Z"
              clipRule="evenodd"
            />
          </svg>
          {disabledReason}
        </p>
      )}
    </div>
  );
}
