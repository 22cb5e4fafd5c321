import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from "react";

export interface RowAction {
  label: string;
  onSelect: () => void;
  danger?: boolean;
}

const MENU_WIDTH = 192;

/**
 * A table row's action menu (spec second document §2 "row action menus") on the browser's own disclosure: Enter or
 * Space opens it, Escape or a choice closes it. The list is placed against the window (fixed), since the table
 * scrolls sideways and would clip it; it opens upwards near the bottom, and closes when the page scrolls.
 */
export function RowMenu({ label, actions }: { label: string; actions: RowAction[] }): ReactNode {
  const details = useRef<HTMLDetailsElement>(null);
  const [place, setPlace] = useState<CSSProperties | null>(null);
  const close = () => details.current?.removeAttribute("open");

  useEffect(() => {
    if (!place) return;
    const onScroll = () => close();
    window.addEventListener("scroll", onScroll, { capture: true, once: true });
    return () => window.removeEventListener("scroll", onScroll, { capture: true });
  }, [place]);

  if (actions.length === 0) return null;
  return (
    <details
      ref={details}
      onToggle={(event) => {
        const summary = event.currentTarget.querySelector("summary");
        if (!event.currentTarget.open || !summary) return setPlace(null);
        const box = summary.getBoundingClientRect();
        const right = Math.max(8, window.innerWidth - box.right);
        const below = box.bottom + 4 + actions.length * 40 + 8 < window.innerHeight;
        setPlace(
          below
            ? { top: box.bottom + 4, right, width: MENU_WIDTH }
            : { bottom: window.innerHeight - box.top + 4, right, width: MENU_WIDTH },
        );
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape") {
          close();
          details.current?.querySelector("summary")?.focus();
        }
      }}
    >
      <summary
        aria-label={label}
        className="cursor-pointer list-none rounded-lg border border-slate-300 px-2.5 py-1 text-sm font-medium hover:bg-slate-50"
      >
        Actions
      </summary>
      <ul style={place ?? undefined} className="fixed z-30 rounded-lg border border-slate-200 bg-white py-1 shadow-lg">
        {actions.map((action) => (
          <li key={action.label}>
            <button
              type="button"
              onClick={() => {
                close();
                action.onSelect();
              }}
              className={
                action.danger
                  ? "block w-full px-3 py-2 text-left text-sm text-red-700 hover:bg-red-50"
                  : "block w-full px-3 py-2 text-left text-sm hover:bg-slate-50"
              }
            >
              {action.label}
            </button>
          </li>
        ))}
      </ul>
    </details>
  );
}
