import { useSyncExternalStore } from "react";

/**
 * Toasts without putting the toast library on any page's load: sonner and its <Toaster> are fetched the
 * first time something is said, and the message waits until the toaster is mounted to receive it.
 */
let wanted = false;
let markReady: () => void = () => {};
const ready = new Promise<void>((resolve) => (markReady = resolve));
const listeners = new Set<() => void>();

export function notify(kind: "success" | "error" | "info", text: string) {
  if (!wanted) {
    wanted = true;
    listeners.forEach((listener) => listener());
  }
  // One toast per message (its text is its id): saying the same thing again refreshes it instead of stacking a copy.
  void Promise.all([import("sonner"), ready]).then(([{ toast }]) => toast[kind](text, { id: text }));
}

/** Whether a toast was asked for yet: the root mounts the toaster from then on. */
export function useToasterWanted() {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
    () => false,
  );
}

/** Called once the toaster is on the page. */
export const toasterMounted = () => markReady();
