import type { TPaged } from "@waterside/shared/api-envelope";
import { clsx } from "clsx";
import { useEffect, useId, useState, type ReactNode } from "react";
import { secondaryButtonClass } from "~/components/ui/form-field";
import { ApiError } from "~/lib/api-client";

type ListState<T> =
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "ready"; items: T[]; nextPage: number | null; more: "idle" | "loading" | "error" };

/** The next page's number while `next_page_url` is set (second document §7 subscriptions list). */
const nextOf = (page: TPaged<unknown>) => (page.next_page_url ? page.current_page + 1 : null);

const LOAD_FAILED = "This list could not be loaded. Check your connection.";

/**
 * One paged list of the Subscriptions tab: a skeleton, an error with Retry (a 4xx shows the server's words), the
 * empty state, the rows, and More while pages remain. `render` gets a row and a way to replace it (after a cancel).
 * Remount it (a `key`) to load it again from page 1 with other filters.
 */
export function PagedList<T>({
  title,
  empty,
  load,
  keyOf,
  render,
}: {
  title: string;
  empty: string;
  load: (page: number) => Promise<TPaged<T>>;
  keyOf: (item: T) => string | number;
  render: (item: T, replace: (next: T) => void) => ReactNode;
}) {
  const headingId = useId();
  const [state, setState] = useState<ListState<T>>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    load(1)
      .then((page) => current && setState({ status: "ready", items: page.data, nextPage: nextOf(page), more: "idle" }))
      .catch(
        (error: unknown) =>
          current &&
          setState({
            status: "error",
            message: error instanceof ApiError && error.status === 422 ? error.message : LOAD_FAILED,
          }),
      );
    return () => {
      current = false;
    };
  }, [load, attempt]);

  async function more() {
    if (state.status !== "ready" || state.nextPage === null) return;
    const { items, nextPage } = state;
    setState({ ...state, more: "loading" });
    try {
      const page = await load(nextPage);
      // A row added meanwhile shifts the pages: keep each one once.
      const known = new Set(items.map(keyOf));
      setState({
        status: "ready",
        items: [...items, ...page.data.filter((item) => !known.has(keyOf(item)))],
        nextPage: nextOf(page),
        more: "idle",
      });
    } catch {
      setState({ status: "ready", items, nextPage, more: "error" });
    }
  }

  function replace(next: T) {
    setState((previous) =>
      previous.status === "ready"
        ? { ...previous, items: previous.items.map((item) => (keyOf(item) === keyOf(next) ? next : item)) }
        : previous,
    );
  }

  return (
    <section aria-labelledby={headingId} aria-busy={state.status === "loading"} className="space-y-3">
      <h2 id={headingId} className="text-lg font-semibold">
        {title}
      </h2>
      {state.status === "loading" && (
        <ul aria-hidden="true" className="animate-pulse divide-y divide-slate-200 rounded-xl border border-slate-200">
          {[0, 1, 2].map((row) => (
            <li key={row} className="space-y-2 p-4">
              <div className="flex justify-between gap-4">
                <div className="h-4 w-2/3 rounded bg-slate-200" />
                <div className="h-4 w-16 rounded-full bg-slate-200" />
              </div>
              <div className="h-3 w-1/2 rounded bg-slate-100" />
            </li>
          ))}
        </ul>
      )}
      {state.status === "error" && (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-xl bg-red-50 p-4 text-red-800">
          <p className="flex-1">{state.message}</p>
          <button
            type="button"
            onClick={() => {
              setState({ status: "loading" });
              setAttempt((count) => count + 1);
            }}
            className={secondaryButtonClass}
          >
            Retry
          </button>
        </div>
      )}
      {state.status === "ready" && state.items.length === 0 && (
        <div className="rounded-xl border border-dashed border-slate-300 p-8 text-center">
          <p className="font-semibold">{empty}</p>
        </div>
      )}
      {state.status === "ready" && state.items.length > 0 && (
        <>
          <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200" aria-label={title}>
            {state.items.map((item) => (
              <li key={keyOf(item)} className="p-3 sm:p-4">
                {render(item, replace)}
              </li>
            ))}
          </ul>
          {state.more === "error" && (
            <p role="alert" className="text-sm text-red-700">
              {LOAD_FAILED}
            </p>
          )}
          {state.nextPage !== null && (
            <button
              type="button"
              onClick={more}
              disabled={state.more === "loading"}
              className={clsx(secondaryButtonClass, "w-full sm:w-auto")}
            >
              {state.more === "loading" ? "Loading…" : "More"}
            </button>
          )}
        </>
      )}
    </section>
  );
}
