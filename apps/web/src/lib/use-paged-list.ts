import type { TPaged } from "@waterside/shared/api-envelope";
import { useCallback } from "react";
import { useLoad } from "./use-load";

/** The rows read so far of a paged list, and where its next page stands. */
export interface PagedRows<T> {
  items: T[];
  total: number;
  /** The next page's number while `next_page_url` is set, else null. */
  nextPage: number | null;
  more: "idle" | "loading" | "error";
}

/** Reads one page; `signal` is given for the first page, which a new key or Retry abandons. */
export type PageFetcher<T> = (page: number, signal?: AbortSignal) => Promise<TPaged<T>>;

const rowsOf = <T>(page: TPaged<T>, items: T[]): PagedRows<T> => ({
  items,
  total: page.total,
  nextPage: page.next_page_url ? page.current_page + 1 : null,
  more: "idle",
});

const byId = (item: unknown) => (item as { id: number }).id;

/**
 * The one paged list of the web (profile Subscriptions, Payments and Reports, the ad's reviews, the admin tables and
 * reviews): the first page whenever `key` changes (its filters did), further pages appended by `loadMore` with each
 * row kept once (a row added meanwhile shifts the pages), and rows an action changed replaced or removed in place, so
 * the reader keeps their place. Rows are told apart by `keyOf`, their `id` unless said otherwise. `initial` is a
 * first page the page already has; with `askFirst` false the first page is not asked again (later pages are).
 */
export function usePagedList<T>(
  fetchPage: PageFetcher<T>,
  key: unknown,
  {
    keyOf = byId,
    initial,
    askFirst = true,
  }: { keyOf?: (item: T) => unknown; initial?: TPaged<T> | null; askFirst?: boolean } = {},
) {
  const first = useLoad(
    askFirst ? (signal) => fetchPage(1, signal).then((page) => rowsOf(page, page.data)) : null,
    key,
    { initial: initial ? rowsOf(initial, initial.data) : undefined },
  );
  const { data, update } = first;

  /** The next page; false when it could not be read (the list says so with `more: "error"`). */
  async function loadMore() {
    if (!data || data.nextPage === null || data.more === "loading") return true;
    const nextPage = data.nextPage;
    update((rows) => ({ ...rows, more: "loading" }));
    try {
      const page = await fetchPage(nextPage);
      // `update` belongs to this key: a page that comes after the filters changed is dropped.
      update((rows) => {
        const known = new Set(rows.items.map(keyOf));
        return rowsOf(page, [...rows.items, ...page.data.filter((item) => !known.has(keyOf(item)))]);
      });
      return true;
    } catch {
      update((rows) => ({ ...rows, more: "error" }));
      return false;
    }
  }

  const replace = useCallback(
    (next: T) =>
      update((rows) => ({
        ...rows,
        items: rows.items.map((item) => (keyOf(item) === keyOf(next) ? next : item)),
      })),
    [update, keyOf],
  );

  const remove = useCallback(
    (gone: T) =>
      update((rows) => ({
        ...rows,
        items: rows.items.filter((item) => keyOf(item) !== keyOf(gone)),
        total: rows.total - 1,
      })),
    [update, keyOf],
  );

  return { data, error: first.error, loading: first.loading, reload: first.reload, loadMore, replace, remove, update };
}

export type PagedList<T> = ReturnType<typeof usePagedList<T>>;
