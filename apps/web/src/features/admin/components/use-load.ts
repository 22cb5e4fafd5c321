import { useCallback, useEffect, useState } from "react";
import { messageOf } from "./failures";

export type LoadState<T> = { status: "loading" } | { status: "error"; message: string } | { status: "ready"; data: T };

/**
 * One read of a catalogue screen: loaded once (a component reading something else is keyed by it), and again on
 * `reload` (Retry). `update` changes the data in place after a write whose reply says what changed; `refresh` reads
 * it again without showing Loading...
 */
export function useLoad<T>(load: () => Promise<T>) {
  const [state, setState] = useState<LoadState<T>>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    load().then(
      (data) => current && setState({ status: "ready", data }),
      (error: unknown) => current && setState({ status: "error", message: messageOf(error) }),
    );
    return () => {
      current = false;
    };
  }, [load, attempt]);

  const reload = useCallback(() => {
    setState({ status: "loading" });
    setAttempt((count) => count + 1);
  }, []);

  const update = useCallback(
    (change: (data: T) => T) =>
      setState((previous) =>
        previous.status === "ready" ? { status: "ready", data: change(previous.data) } : previous,
      ),
    [],
  );

  const refresh = useCallback(async () => {
    try {
      const data = await load();
      setState({ status: "ready", data });
    } catch (error) {
      setState({ status: "error", message: messageOf(error) });
    }
  }, [load]);

  return { state, reload, update, refresh };
}

/** A read handed down to where it is shown: its state, and Retry. */
export interface Loaded<T> {
  state: LoadState<T>;
  reload: () => void;
}
