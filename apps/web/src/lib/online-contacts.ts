import { useSyncExternalStore } from "react";

/**
 * Who of the signed-in user's contacts is online now: the browser's one record of presence, read by the chat's dots
 * and the ad page's seller status. lib/socket.ts feeds it with the socket's `online` lists and empties it when the
 * socket closes; importing this loads no socket code, so a visitor's page stays as light as it was.
 */
type Listener = (ids: ReadonlySet<number>, version: number) => void;

const NONE: ReadonlySet<number> = new Set();
let online = NONE;
/** Counts the lists received: an answer asked for before a list is older than it. */
let version = 0;
const listListeners = new Set<Listener>();
const storeListeners = new Set<() => void>();

/** Calls `listener` with each list the socket receives, and its version; returns the unsubscribe. */
export function onOnlineContacts(listener: Listener) {
  listListeners.add(listener);
  return () => {
    listListeners.delete(listener);
  };
}

/** The version of the latest list (0 before any). */
export const onlineContactsVersion = () => version;

export function publishOnlineContacts(ids: readonly number[]) {
  online = new Set(ids);
  version += 1;
  for (const listener of listListeners) listener(online, version);
  for (const listener of storeListeners) listener();
}

/** The socket closed (signing out, another user): nobody is known to be online any more. No list was received. */
export function forgetOnlineContacts() {
  if (online === NONE) return;
  online = NONE;
  for (const listener of storeListeners) listener();
}

function subscribe(listener: () => void) {
  storeListeners.add(listener);
  return () => {
    storeListeners.delete(listener);
  };
}

/** The contacts online now; none on the server and while no socket is open. */
export function useOnlineContacts(): ReadonlySet<number> {
  return useSyncExternalStore(
    subscribe,
    () => online,
    () => NONE,
  );
}
