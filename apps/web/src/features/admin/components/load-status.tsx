import type { ReactNode } from "react";
import type { Load } from "~/lib/use-load";
import { LoadFailed } from "./load-failed";

/**
 * What a catalogue read shows until it has data (spec second document §8: 'Loading...', 'Error: {message}' with
 * Retry, 'No data available'); `children` renders the data once there is some.
 */
export function LoadStatus<T>({
  load,
  isEmpty,
  empty = "No data available",
  children,
}: {
  load: Load<T>;
  isEmpty: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (load.error) {
    return (
      <LoadFailed
        message={load.error.message}
        onRetry={load.reload}
        className="rounded-xl bg-white px-4 py-8 text-center"
      />
    );
  }
  if (load.data === undefined) {
    return (
      <p role="status" className="rounded-xl bg-white px-4 py-8 text-center text-slate-600">
        Loading...
      </p>
    );
  }
  if (isEmpty(load.data)) {
    return <p className="rounded-xl bg-white px-4 py-8 text-center text-slate-600">{empty}</p>;
  }
  return children(load.data);
}
