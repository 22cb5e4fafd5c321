import { useSyncExternalStore } from "react";
import type { TNotificationsChanged } from "@waterside/shared/notification-centre";

/**
 * The bell's count of unread notifications (issue 29): read once when someone signs in (the top bar asks
 * GET /notifications), then kept by the socket's `notifications-changed` (lib/socket.ts) and by the notifications
 * page as it marks them read. Importing this loads no socket code, so a visitor's page stays as light as it was.
 */
let state: { userId: number; count: number } | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export function setUnreadNotifications(userId: number, count: number) {
  if (state?.userId === userId && state.count === count) return;
  state = { userId, count };
  emit();
}

/** What the socket says; it speaks for the signed-in user whose socket it is. */
export function publishUnreadNotifications({ unread_count }: TNotificationsChanged) {
  if (state) setUnreadNotifications(state.userId, unread_count);
}

export function forgetUnreadNotifications() {
  if (!state) return;
  state = null;
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The unread count of `userId`, or null until it is known (and on the server). */
export function useUnreadNotifications(userId: number | null): number | null {
  return useSyncExternalStore(
    subscribe,
    () => (state && state.userId === userId ? state.count : null),
    () => null,
  );
}
