import { useId } from "react";
import { useLocation } from "react-router";
import { clsx } from "clsx";
import { DATA_SAVER_PATH, setDataSaver, useDataSaver } from "~/lib/data-saver";

/**
 * The data saver setting (issue 31, decision 105), in the phone's menu and in the footer. A form the server answers
 * (it keeps the choice in a cookie and sends the visitor back), so it works on a page without scripts; a hydrated
 * page keeps the choice itself and redraws without leaving the page.
 */
export function DataSaverSwitch({ className }: { className?: string }) {
  const on = useDataSaver();
  const { pathname, search } = useLocation();
  const hintId = useId();
  return (
    <form
      method="post"
      action={DATA_SAVER_PATH}
      onSubmit={(event) => {
        event.preventDefault();
        setDataSaver(on ? "off" : "on");
      }}
      className={clsx("space-y-1", className)}
    >
      <input type="hidden" name="back" value={pathname + search} />
      <button
        type="submit"
        name="setting"
        value={on ? "off" : "on"}
        role="switch"
        aria-checked={on}
        aria-describedby={hintId}
        className="flex min-h-11 w-full items-center justify-between gap-3 rounded-md px-3 text-left text-sm font-medium text-slate-800 outline-offset-2 hover:bg-emerald-50"
      >
        Data saver
        <span
          aria-hidden="true"
          className={clsx(
            "flex h-6 w-10 shrink-0 items-center rounded-full p-0.5 transition-colors motion-reduce:transition-none",
            on ? "justify-end bg-emerald-700" : "justify-start bg-slate-300",
          )}
        >
          <span className="size-5 rounded-full bg-white shadow" />
        </span>
      </button>
      <p id={hintId} className="px-3 text-xs text-slate-600">
        Small photos; an ad&apos;s photos load when you tap them.
      </p>
    </form>
  );
}
