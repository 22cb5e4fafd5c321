import { clsx } from "clsx";
import { useId, type ReactNode } from "react";
import { secondaryButtonClass } from "~/components/ui/form-field";
import { RetryAlert } from "~/components/ui/retry-alert";
import { usePagedList, type PageFetcher } from "~/lib/use-paged-list";

/**
 * A titled paged list of the profile (Subscriptions, Payments, Reports): a skeleton, an error with Retry, the empty
 * state, the rows, and More while pages remain. `render` gets a row and a way to replace it (after a cancel). A new
 * `filterKey` reads it again from page 1.
 */
export function PagedList<T>({
  title,
  empty,
  loadFailed,
  errorText = () => loadFailed,
  fetchPage,
  filterKey = null,
  keyOf,
  render,
}: {
  title: string;
  empty: string;
  /** Shown when a page could not be read. */
  loadFailed: string;
  /** What a failed first page says, when it may be more precise than `loadFailed`. */
  errorText?: (error: Error) => string;
  fetchPage: PageFetcher<T>;
  filterKey?: unknown;
  keyOf: (item: T) => string | number;
  render: (item: T, replace: (next: T) => void) => ReactNode;
}) {
  const headingId = useId();
  const list = usePagedList(fetchPage, filterKey, { keyOf });
  const rows = list.data;

  return (
    <section aria-labelledby={headingId} aria-busy={list.loading} className="space-y-3">
      <h2 id={headingId} className="text-lg font-semibold">
        {title}
      </h2>
      {list.loading && (
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
      {list.error && <RetryAlert message={errorText(list.error)} onRetry={list.reload} />}
      {rows && rows.items.length === 0 && (
        <div className="rounded-xl border border-dashed border-slate-300 p-8 text-center">
          <p className="font-semibold">{empty}</p>
        </div>
      )}
      {rows && rows.items.length > 0 && (
        <>
          <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200" aria-label={title}>
            {rows.items.map((item) => (
              <li key={keyOf(item)} className="p-3 sm:p-4">
                {render(item, list.replace)}
              </li>
            ))}
          </ul>
          {rows.more === "error" && (
            <p role="alert" className="text-sm text-red-700">
              {loadFailed}
            </p>
          )}
          {rows.nextPage !== null && (
            <button
              type="button"
              onClick={() => void list.loadMore()}
              disabled={rows.more === "loading"}
              className={clsx(secondaryButtonClass, "w-full sm:w-auto")}
            >
              {rows.more === "loading" ? "Loading…" : "More"}
            </button>
          )}
        </>
      )}
    </section>
  );
}
