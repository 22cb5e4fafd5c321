import type { TSubcategory } from "@waterside/shared/catalog";
import { clsx } from "clsx";
import { useRef, type KeyboardEvent } from "react";

export const subcategoryTabId = (id: number) => `subcategory-tab-${id}`;
export const SUBCATEGORY_PANEL_ID = "subcategory-panel";

/**
 * A category's subcategories as tabs (spec second document §2 "Manage Categories"), on the ARIA tabs pattern: one
 * tab stop, arrows, Home and End move between tabs and select them. They wrap onto more lines on a phone.
 */
export function SubcategoryTabs({
  label,
  subcategories,
  selectedId,
  onSelect,
}: {
  label: string;
  subcategories: TSubcategory[];
  selectedId: number | null;
  onSelect: (id: number) => void;
}) {
  const list = useRef<HTMLDivElement>(null);
  const focusedIndex = Math.max(
    0,
    subcategories.findIndex((sub) => sub.id === selectedId),
  );

  function move(event: KeyboardEvent, index: number) {
    const last = subcategories.length - 1;
    const next =
      event.key === "ArrowRight" || event.key === "ArrowDown"
        ? (index + 1) % subcategories.length
        : event.key === "ArrowLeft" || event.key === "ArrowUp"
          ? (index - 1 + subcategories.length) % subcategories.length
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const target = subcategories[next]!;
    onSelect(target.id);
    list.current?.querySelector<HTMLElement>(`#${subcategoryTabId(target.id)}`)?.focus();
  }

  return (
    <div ref={list} role="tablist" aria-label={label} className="flex flex-wrap gap-1.5">
      {subcategories.map((sub, index) => {
        const selected = sub.id === selectedId;
        return (
          <button
            key={sub.id}
            id={subcategoryTabId(sub.id)}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={selected ? SUBCATEGORY_PANEL_ID : undefined}
            tabIndex={index === focusedIndex ? 0 : -1}
            onClick={() => onSelect(sub.id)}
            onKeyDown={(event) => move(event, index)}
            className={clsx(
              "inline-flex items-center gap-1.5 rounded-lg border px-3 py-1.5 text-sm font-medium focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:outline-none",
              selected
                ? "border-emerald-700 bg-emerald-700 text-white"
                : "border-slate-300 bg-white text-slate-800 hover:bg-slate-50",
            )}
          >
            <span
              aria-hidden="true"
              className={clsx(
                "size-2 rounded-full",
                sub.active ? (selected ? "bg-white" : "bg-emerald-600") : "bg-slate-400",
              )}
            />
            {sub.name}
            <span className="sr-only">{sub.active ? "(active)" : "(inactive)"}</span>
          </button>
        );
      })}
    </div>
  );
}
