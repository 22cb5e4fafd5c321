import { useSyncExternalStore } from "react";
import { ApiError } from "./api-client";
import { isFailedFetch } from "./failed-fetch";
import { WRITE_QUEUE_SYNC_TAG } from "./offline-caches";
import { useSession } from "./session";

/**
 * Writes made without a connection, waiting to be sent (issue 31 "queued writes", decision 104): saves and undos,
 * and new ads (their form and photos wait in IndexedDB, lib/queued-ads.ts). Each carries the idempotency key it is
 * sent with every time, so the server applies it once however often it is tried. Chat messages wait in the chat's
 * own outbox (decision 038), which tells this module when it changes so the queue shown counts them too.
 * Kept per user in local storage, so a shared phone never sends one person's writes as another's.
 */
export type QueuedWrite =
  | { key: string; kind: "save" | "unsave"; adId: number; title: string; queuedAt: string }
  | { key: string; kind: "ad"; title: string; queuedAt: string };

const queueKey = (userId: number) => `waterside.queue.${userId}`;
const listeners = new Set<() => void>();
let version = 0;

/** Something queued changed here (this module, or the chat's outbox): the queue shown reads it again. */
export function queueChanged() {
  version++;
  listeners.forEach((listener) => listener());
}

if (typeof window !== "undefined") {
  // Another tab queued, sent or discarded something.
  window.addEventListener("storage", (event) => {
    if (event.key?.startsWith("waterside.")) queueChanged();
  });
}

function parse(text: string | null): QueuedWrite[] {
  try {
    const stored: unknown = JSON.parse(text ?? "[]");
    return Array.isArray(stored)
      ? stored.filter(
          (item: Partial<QueuedWrite> | null): item is QueuedWrite =>
            typeof item?.key === "string" &&
            (item.kind === "ad" || typeof (item as { adId?: unknown }).adId === "number"),
        )
      : [];
  } catch {
    return [];
  }
}

export function readQueue(userId: number): QueuedWrite[] {
  try {
    return parse(localStorage.getItem(queueKey(userId)));
  } catch {
    return [];
  }
}

function writeQueue(userId: number, items: QueuedWrite[]) {
  try {
    if (items.length === 0) localStorage.removeItem(queueKey(userId));
    else localStorage.setItem(queueKey(userId), JSON.stringify(items));
  } catch {
    // Storage refused (full, private mode): the write is not kept; the caller already told the user it waits.
  }
  queueChanged();
}

/** The signed-in user's queue, in the order written; re-read whenever it changes. */
export function useWriteQueue(): QueuedWrite[] {
  const snapshot = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => version,
    () => -1,
  );
  const session = useSession();
  return snapshot !== -1 && session.status === "signed-in" ? readQueue(session.user.id) : [];
}

/** A fresh idempotency key: a queued write keeps it for every try. */
export const newIdempotencyKey = () => crypto.randomUUID();

export function enqueueWrite(userId: number, item: QueuedWrite) {
  writeQueue(userId, [...readQueue(userId), item]);
  void askForBackgroundSync();
}

/** Takes a write off the queue: sent, refused (and handed back to the user), or discarded. */
export function dequeueWrite(userId: number, key: string) {
  writeQueue(
    userId,
    readQueue(userId).filter((item) => item.key !== key),
  );
}

/**
 * Whether a failed call never reached the server (no connection): the write may be queued and sent later. A reply
 * the server gave, even an error, is not this, nor a fault of ours: a post that failed on a bug is said as failed,
 * never queued to fail again later.
 */
export const isOfflineFailure = (error: unknown) =>
  !navigator.onLine || (error instanceof ApiError ? error.status === 0 : isFailedFetch(error));

/**
 * Where the browser has Background Sync (Chromium), it fires in the worker when the connection returns, which tells
 * open pages to send the queue; elsewhere the page's `online` event and the next page load do (decision 104).
 */
async function askForBackgroundSync() {
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    const sync = (
      registration as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined
    )?.sync;
    await sync?.register(WRITE_QUEUE_SYNC_TAG);
  } catch {
    // Refused or unsupported: `online` and the next load still send the queue.
  }
}
