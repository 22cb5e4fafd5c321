/**
 * What the page and the service worker (apps/web/service-worker/) agree on, in one place (decision 102). This file
 * is read by both, so it uses nothing of the DOM or of a worker.
 */

/** The worker's address: at the root, so its scope is the whole site (the push notifications use it too). */
export const SERVICE_WORKER_URL = "/sw.js";

/** Cache Storage names; the "-v1" lets a later worker drop a cache whose format it changed. */
export const CACHE_NAMES = {
  /** Page documents (HTML), network-first. */
  pages: "waterside-pages-v1",
  /** React Router's page data (`*.data`) for moves inside the app, network-first. */
  pageData: "waterside-page-data-v1",
  /** Public API reads (no Authorization header), network-first. */
  publicApi: "waterside-public-api-v1",
  /** Signed-in API reads (saved items, chats, profile): one person's, emptied when anyone signs in or out. */
  personalApi: "waterside-personal-api-v1",
  /** Photos, cache-first with a cap. */
  images: "waterside-images-v1",
  /** Hashed /assets files no precache list named (signed-in screens' chunks, an earlier release's). */
  assets: "waterside-assets-v1",
} as const;

/** The messages between the page and the worker. */
export const WORKER_MESSAGES = {
  /** Page → waiting worker: the user took "Update available"; activate now. */
  skipWaiting: "skip-waiting",
  /** Worker → page: a read of this page's came from the network (`at` null) or from a copy fetched at `at`. */
  offlineCopy: "offline-copy",
  /** Worker → page: Background Sync says the connection is back; send the queued writes (decision 104). */
  sendQueuedWrites: "send-queued-writes",
} as const;

/** The Background Sync tag a page registers when it queues a write made offline (decision 104). */
export const WRITE_QUEUE_SYNC_TAG = "waterside-queued-writes";

export interface OfflineCopyMessage {
  type: typeof WORKER_MESSAGES.offlineCopy;
  /** When the copy shown was fetched (ISO 8601), or null when what is shown is fresh. */
  at: string | null;
}

/**
 * A page document answered from the cache carries `<html data-offline-copy="<ISO time it was fetched>">`, set by the
 * worker, which the banner reads (it cannot see the document's own response).
 */
export const OFFLINE_COPY_ATTRIBUTE = "data-offline-copy";

/** The header the worker adds to an answer it took from the cache: when that copy was fetched (ISO 8601). */
export const COPY_FETCHED_AT_HEADER = "x-waterside-copy-fetched-at";

/**
 * The banner's words (issue 31): "You are offline — showing what you saw at 10:42", with the day when the copy is
 * from an earlier one. In the reader's own time zone, as the page and the worker both run in their browser.
 */
export function offlineCopyText(fetchedAt: Date, now = new Date()): string {
  const time = fetchedAt.toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit" });
  const sameDay = fetchedAt.toDateString() === now.toDateString();
  const day = sameDay ? "" : ` on ${fetchedAt.toLocaleDateString("en-GB", { day: "numeric", month: "short" })}`;
  return `You are offline — showing what you saw at ${time}${day}`;
}

/** The banner's look, shared by the React banner and the one the worker writes into a page sent without scripts. */
export const OFFLINE_BANNER_CLASS = "bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-900";

/**
 * A page asked for offline that this device never kept: the worker's answer to a page load, and the app's to a move
 * inside it (components/offline-not-saved.tsx), in the same words.
 */
export const NOT_SAVED_COPY = {
  title: "You are offline",
  text: "This page was not saved on this device. The listings and ads you opened before still open without a signal.",
} as const;
