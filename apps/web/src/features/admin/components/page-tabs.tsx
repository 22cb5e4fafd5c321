import { clsx } from "clsx";
import { useRef, type KeyboardEvent } from "react";

export const pageTabId = (value: string) => `page-tab-${value}`;
export const pagePanelId = (value: string) => `page-panel-${value}`;

/**
 * An admin page's sections as tabs (Manage Categories: Categories and Rules), on the ARIA tabs pattern: one tab stop;
 * arrows, Home and End move between the tabs and select them. The panel is the caller's, labelled by its tab
 * (`pageTabId`) and named `pagePanelId`.
 */
export function PageTabs<V extends string>({
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
  const list = useRef<HTMLDivElement>(null);

  function move(event: KeyboardEvent, index: number) {
    const count = options.length;
    const next =
      event.key === "ArrowRight" || event.key === "ArrowDown"
        ? (index + 1) % count
        : event.key === "ArrowLeft" || event.key === "ArrowUp"
          ? (index - 1 + count) % count
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? count - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    const target = options[next]!;
    onChange(target.value);
    list.current?.querySelector<HTMLElement>(`#${pageTabId(target.value)}`)?.focus();
  }

  return (
    <div ref={list} role="tablist" aria-label={label} className="flex gap-1 border-b border-slate-200">
      {options.map((option, index) => {
        const selected = option.value === value;
        return (
          <button
            key={option.value}
            id={pageTabId(option.value)}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={selected ? pagePanelId(option.value) : undefined}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(option.value)}
            onKeyDown={(event) => move(event, index)}
            className={clsx(
              "-mb-px border-b-2 px-4 py-2 text-sm font-semibold focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:outline-none",
              selected
                ? "border-emerald-700 text-emerald-800"
                : "border-transparent text-slate-700 hover:text-slate-900",
            )}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
