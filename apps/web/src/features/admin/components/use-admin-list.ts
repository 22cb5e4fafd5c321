import type { TPaged } from "@waterside/shared/api-envelope";
import { useCallback, useEffect, useMemo, useState } from "react";
import { messageOf } from "./failures";

export type AdminListState<T> =
  | { status: "loading" }
  | { status: "error"; message: string }
  | {
      status: "ready";
      items: T[];
      total: number;
      nextPage: number | null;
      more: "idle" | "loading" | "error";
    };

const LOADING = { status: "loading" } as const;
const nextOf = (page: TPaged<unknown>) => (page.next_page_url ? page.current_page + 1 : null);

/**
 * One admin table's rows (spec second document §2 "Admin tables": Load More and Total count): the first page
 * whenever `load` changes (its filters did), further pages appended with each row kept once, and the rows an
 * action changed replaced or removed in place, so the admin keeps their place in a long table.
 */
export function useAdminList<T extends { id: number }>(load: (page: number) => Promise<TPaged<T>>) {
  const [attempt, setAttempt] = useState(0);
  // The rows belong to the `load` (and attempt) that fetched them: new filters show Loading... until theirs arrive.
  const source = useMemo(() => ({ load, attempt }), [load, attempt]);
  const [stored, setStored] = useState<{ source: typeof source; state: AdminListState<T> } | null>(null);
  const state: AdminListState<T> = stored?.source === source ? stored.state : LOADING;

  useEffect(() => {
    let current = true;
    source
      .load(1)
      .then(
        (page) =>
          current &&
          setStored({
            source,
            state: { status: "ready", items: page.data, total: page.total, nextPage: nextOf(page), more: "idle" },
          }),
      )
      .catch(
        (error: unknown) => current && setStored({ source, state: { status: "error", message: messageOf(error) } }),
      );
    return () => {
      current = false;
    };
  }, [source]);

  const reload = useCallback(() => setAttempt((count) => count + 1), []);

  /** Changes the ready rows of the current source only: a reply for filters since left is dropped. */
  const update = useCallback(
    (change: (ready: Extract<AdminListState<T>, { status: "ready" }>) => AdminListState<T>) =>
      setStored((previous) =>
        previous?.source === source && previous.state.status === "ready"
          ? { source, state: change(previous.state) }
          : previous,
      ),
    [source],
  );

  async function loadMore() {
    if (state.status !== "ready" || state.nextPage === null) return;
    const nextPage = state.nextPage;
    update((ready) => ({ ...ready, more: "loading" }));
    try {
      const page = await source.load(nextPage);
      update((ready) => {
        const known = new Set(ready.items.map((item) => item.id));
        return {
          status: "ready",
          items: [...ready.items, ...page.data.filter((item) => !known.has(item.id))],
          total: page.total,
          nextPage: nextOf(page),
          more: "idle",
        };
      });
    } catch {
      update((ready) => ({ ...ready, more: "error" }));
    }
  }

  const replace = useCallback(
    (item: T) => update((ready) => ({ ...ready, items: ready.items.map((row) => (row.id === item.id ? item : row)) })),
    [update],
  );

  const remove = useCallback(
    (id: number) =>
      update((ready) => ({ ...ready, items: ready.items.filter((row) => row.id !== id), total: ready.total - 1 })),
    [update],
  );

  return { state, loadMore, reload, replace, remove };
}

export type AdminList<T extends { id: number }> = ReturnType<typeof useAdminList<T>>;
