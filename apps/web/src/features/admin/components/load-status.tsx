import type { ReactNode } from "react";
import { LoadFailed } from "./load-failed";
import type { LoadState } from "./use-load";

/**
 * What a catalogue read shows until it has data (spec second document §8: 'Loading...', 'Error: {message}' with
 * Retry, 'No data available'); `children` renders the data once there is some.
 */
export function LoadStatus<T>({
  state,
  onRetry,
  isEmpty,
  empty = "No data available",
  children,
}: {
  state: LoadState<T>;
  onRetry: () => void;
  isEmpty: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (state.status === "loading") {
    return (
      <p role="status" className="rounded-xl bg-white px-4 py-8 text-center text-slate-600">
        Loading...
      </p>
    );
  }
  if (state.status === "error") {
    return (
      <LoadFailed message={state.message} onRetry={onRetry} className="rounded-xl bg-white px-4 py-8 text-center" />
    );
  }
  if (isEmpty(state.data)) {
    return <p className="rounded-xl bg-white px-4 py-8 text-center text-slate-600">{empty}</p>;
  }
  return children(state.data);
}
