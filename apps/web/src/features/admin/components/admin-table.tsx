import { clsx } from "clsx";
import type { ReactNode } from "react";
import { secondaryButtonClass } from "~/components/ui/form-field";
import type { PagedList } from "~/lib/use-paged-list";
import { LoadMore } from "./load-more";

export interface AdminColumn<T> {
  header: string;
  cell: (item: T) => ReactNode;
  /** Hidden on phones, where the table scrolls sideways with its essential columns only. */
  wide?: boolean;
}

/**
 * An admin table (spec second document §2 "Admin tables", §8): 'Loading...', 'No data available' and
 * 'Error: {message}' in the table's body, the total count, and Load More while pages remain.
 */
export function AdminTable<T extends { id: number }>({
  caption,
  list,
  columns,
}: {
  caption: string;
  list: PagedList<T>;
  columns: AdminColumn<T>[];
}) {
  const rows = list.data;
  const message = (text: ReactNode, role?: "alert" | "status") => (
    <tr>
      <td colSpan={columns.length} role={role} className="px-3 py-8 text-center text-slate-600">
        {text}
      </td>
    </tr>
  );
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600" aria-live="polite">
        {rows && <>Total: {rows.total.toLocaleString("en-US")}</>}
      </p>
      {/* A table wider than a phone scrolls here, not the page; a keyboard reaches it to scroll it (axe
          'scrollable-region-focusable'), and a screen reader hears it as the named region it is. */}
      <div
        role="region"
        aria-label={caption}
        tabIndex={0}
        className="overflow-x-auto rounded-xl border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-emerald-700"
      >
        <table className="w-full text-left text-sm" aria-busy={list.loading}>
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">
            <tr>
              {columns.map((column) => (
                <th key={column.header} scope="col" className={clsx("px-3 py-2", column.wide && "max-md:hidden")}>
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {list.loading && message("Loading...", "status")}
            {list.error && message(`Error: ${list.error.message}`, "alert")}
            {rows?.items.length === 0 && message("No data available")}
            {rows?.items.map((item) => (
              <tr key={item.id} className="align-top">
                {columns.map((column) => (
                  <td key={column.header} className={clsx("px-3 py-2", column.wide && "max-md:hidden")}>
                    {column.cell(item)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {list.error && (
        <button type="button" onClick={list.reload} className={secondaryButtonClass}>
          Retry
        </button>
      )}
      {rows && rows.nextPage !== null && <LoadMore more={rows.more} onMore={() => void list.loadMore()} />}
    </div>
  );
}
