import { useCallback, useEffect, useRef, useState } from "react";

/**
 * Asks for some data: `signal` is aborted once the answer is no longer wanted (another key, Retry, the component
 * left), so pass it on to the call (`withSignal`, lib/api-client.ts).
 */
export type Fetcher<T> = (signal: AbortSignal) => Promise<T>;

/** What a component shows of one read. */
export interface Load<T> {
  /** The answer for the current key (or the `initial` one until it comes); undefined while there is none. */
  data: T | undefined;
  error: Error | null;
  /** True from asking until the answer for the current key comes. */
  loading: boolean;
  /** Retry: shows loading and asks again. */
  reload: () => void;
  /** Asks again while the current answer stays shown (after a write that changed it). */
  refresh: () => Promise<void>;
  /** Changes the current answer in place, after a write whose reply says what changed. */
  update: (change: (data: T) => T) => void;
}

type Settled<T> = { key: string; attempt: number } & ({ ok: true; data: T } | { ok: false; error: Error });

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

/**
 * The one way a component reads data it fetches itself (pages use route loaders; docs/architecture.md "Loading data
 * on the web"). It asks when it mounts and whenever `key` changes (anything JSON can spell: the ids and filters the
 * fetcher reads); with a null fetcher it asks nothing. An answer that comes for an earlier key, or after the
 * component left, is dropped and its request aborted. The fetcher may be a new function on each render: the key
 * says when to ask again. `initial` is an answer the page already has (rendered on the server for everyone): it is
 * shown until the fetcher's own answer comes, and for good when there is no fetcher. With `keep`, the last answer
 * stays shown until another one comes (a new key, a failure). With `delay`, a new key is asked for only once it has
 * not changed for that many milliseconds (typing).
 */
export function useLoad<T>(
  fetcher: Fetcher<T> | null,
  key: unknown,
  { initial, keep = false, delay = 0 }: { initial?: T; keep?: boolean; delay?: number } = {},
): Load<T> {
  const id = JSON.stringify(key) ?? "";
  const enabled = fetcher !== null;
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<Settled<T> | null>(null);
  const [seed, setSeed] = useState(initial);
  const [last, setLast] = useState<{ key: string; data: T } | null>(null);
  // The fetcher of the latest render, for the effect below and for refresh().
  const latest = useRef(fetcher);
  useEffect(() => {
    latest.current = fetcher;
  });
  // How many changes update() has made: an answer asked for before the latest one may miss it.
  const changes = useRef(0);

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    const settle = (result: Settled<T>) => {
      if (controller.signal.aborted) return;
      setSettled(result);
      if (result.ok) setLast({ key: result.key, data: result.data });
    };
    const ask = (): Promise<void> => {
      const changesBefore = changes.current;
      return latest.current!(controller.signal).then(
        // A change made while this answer was on its way (a write the user made on what the page already showed)
        // may be missing from it: it is asked for again, after the write, instead of undoing the change.
        (data) => (changes.current === changesBefore ? settle({ key: id, attempt, ok: true, data }) : ask()),
        (error: unknown) => settle({ key: id, attempt, ok: false, error: asError(error) }),
      );
    };
    const timer = delay > 0 ? setTimeout(ask, delay) : void ask();
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [id, attempt, enabled, delay]);

  // Only an answer for this key and attempt counts: another key shows loading until its own answer comes.
  const current = enabled && settled?.key === id && settled.attempt === attempt ? settled : null;

  const reload = useCallback(() => setAttempt((count) => count + 1), []);

  // Changes what is shown when the change lands, not when the action that makes it began: an answer may have come
  // in between (the action's own closure is from before it). It changes the answer of the key the action began
  // under only: a change for filters since left (a page of theirs arriving late) leaves the new ones alone.
  const update = useCallback(
    (change: (data: T) => T) => {
      changes.current += 1;
      setSeed((previous) => (previous === undefined ? previous : change(previous)));
      setSettled((previous) =>
        previous?.ok && previous.key === id ? { ...previous, data: change(previous.data) } : previous,
      );
      setLast((previous) => (previous?.key === id ? { key: id, data: change(previous.data) } : previous));
    },
    [id],
  );

  const refresh = useCallback(async () => {
    const fetch = latest.current;
    if (!fetch) return;
    let result: Settled<T>;
    try {
      result = { key: id, attempt, ok: true, data: await fetch(new AbortController().signal) };
    } catch (error) {
      result = { key: id, attempt, ok: false, error: asError(error) };
    }
    // Dropped when the key changed meanwhile and its own answer is shown.
    setSettled((previous) =>
      previous === null || (previous.key === id && previous.attempt === attempt) ? result : previous,
    );
    if (result.ok) setLast({ key: id, data: result.data });
  }, [id, attempt]);

  return {
    data: current?.ok ? current.data : keep && last ? last.data : seed,
    error: current && !current.ok ? current.error : null,
    loading: enabled && current === null,
    reload,
    refresh,
    update,
  };
}
