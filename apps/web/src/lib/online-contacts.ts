/**
 * The socket's `online` lists (ids of the signed-in user's contacts who are online now), for parts of a page other
 * than the chat, such as the ad page's seller status. lib/socket.ts feeds it; importing this loads no socket code, so
 * a visitor's page stays as light as it was.
 */
type Listener = (ids: readonly number[]) => void;

const listeners = new Set<Listener>();

/** Calls `listener` with each list the socket receives; returns the unsubscribe. */
export function onOnlineContacts(listener: Listener) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function publishOnlineContacts(ids: readonly number[]) {
  for (const listener of listeners) listener(ids);
}
