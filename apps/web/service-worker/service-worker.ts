/**
 * Waterside's service worker (decision 102), bundled with Workbox into the build's /sw.js by
 * scripts/build-service-worker.ts. What it keeps, and for how long:
 * - the code every public page loads first, precached once per release (the list is injected at build time);
 * - every other hashed /assets file cache-first as it is used (a name changes with its content);
 * - pages, their data and public API reads network-first with a short timeout, the last copy as the fallback, so the
 *   listings and ads a visitor opened open again without a signal, marked with when they were fetched;
 * - a signed-in person's API reads the same way in a cache of their own, which the page empties at sign-in and out;
 * - photos cache-first, capped in number and age.
 * Admin pages and the admin API never go through it. A new version waits until the user takes "Update available".
 */
import { cleanupOutdatedCaches, precacheAndRoute, type PrecacheEntry } from "workbox-precaching";
import { registerRoute, setCatchHandler } from "workbox-routing";
import { CacheFirst, NetworkFirst } from "workbox-strategies";
import { ExpirationPlugin } from "workbox-expiration";
import { CacheableResponsePlugin } from "workbox-cacheable-response";
import { clientsClaim, type WorkboxPlugin } from "workbox-core";
import { BRAND } from "@waterside/shared/brand";
import {
  CACHE_NAMES,
  COPY_FETCHED_AT_HEADER,
  NOT_SAVED_COPY,
  OFFLINE_BANNER_CLASS,
  OFFLINE_COPY_ATTRIBUTE,
  WORKER_MESSAGES,
  WRITE_QUEUE_SYNC_TAG,
  offlineCopyText,
  type OfflineCopyMessage,
} from "../src/lib/offline-caches.ts";
import { handlePushNotifications } from "./push.ts";

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

const DAY = 24 * 60 * 60;
/** How long a slow network is waited for before the last copy is shown (issue 31: "a short timeout"). */
const NETWORK_TIMEOUT_SECONDS = 3;

/** Admin screens and their API: never answered, cached or warmed by the worker. */
const isAdminPath = (pathname: string) => /^\/(api\/)?admin(\/|$)/.test(pathname);

handlePushNotifications();

// Activated only when the user takes "Update available" (the page asks); never behind their back mid-form.
self.addEventListener("message", (event) => {
  if ((event.data as { type?: string } | null)?.type === WORKER_MESSAGES.skipWaiting) void self.skipWaiting();
});

// Background Sync (Chromium) fires when the connection returns after a page queued a write made offline (decision
// 104). The pages send the queue: they hold the session and its token, the chat's socket and the photos' store, none
// of which the worker has. With no page open the sync fails, so the browser tries it again later; the next page
// load sends the queue in any case.
self.addEventListener("sync", (event) => {
  const sync = event as ExtendableEvent & { tag?: string };
  if (sync.tag !== WRITE_QUEUE_SYNC_TAG) return;
  sync.waitUntil(
    self.clients.matchAll({ type: "window" }).then((pages) => {
      if (pages.length === 0) throw new Error("No page is open to send the queued writes.");
      for (const page of pages) page.postMessage({ type: WORKER_MESSAGES.sendQueuedWrites });
    }),
  );
});

// Where the browser supports static routing (Chromium 123+), admin requests skip the worker altogether: it is not
// even started for them. Elsewhere the routes below simply leave them to the network.
self.addEventListener("install", (event) => {
  const routing = event as ExtendableEvent & { addRoutes?: (rules: unknown[]) => Promise<void> };
  if (!routing.addRoutes) return;
  const toNetwork = (pathname: string) => ({ condition: { urlPattern: { pathname } }, source: "network" });
  event.waitUntil(
    routing.addRoutes([toNetwork("/admin"), toNetwork("/admin/*"), toNetwork("/api/admin/*")]).catch(() => {}),
  );
});

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first version takes the open pages at once, so the moves a visitor makes from the page they landed on are
// kept too. A later version activates only when the user takes "Update available", and the page reloads then.
clientsClaim();

/**
 * Marks an answer taken from the cache with when it was fetched (its Date header), and a page document also on its
 * `<html>`, where the banner reads it; a page sent without scripts gets the banner written in, since it has no app to
 * show one.
 */
const markCopies = (kind: "document" | "data"): WorkboxPlugin => ({
  async cachedResponseWillBeUsed({ cachedResponse }) {
    if (!cachedResponse) return null;
    const fetchedAt = new Date(cachedResponse.headers.get("date") ?? Date.now());
    const headers = new Headers(cachedResponse.headers);
    headers.set(COPY_FETCHED_AT_HEADER, fetchedAt.toISOString());
    // The body below may differ in length from the one stored.
    headers.delete("content-length");
    const init = { status: cachedResponse.status, statusText: cachedResponse.statusText, headers };
    if (kind === "data") return new Response(cachedResponse.body, init);
    const html = (await cachedResponse.text()).replace(
      /<html\b/,
      () => `<html ${OFFLINE_COPY_ATTRIBUTE}="${fetchedAt.toISOString()}"`,
    );
    const scriptless = /<html\b[^>]*\bdata-scriptless\b/.test(html);
    const banner = `<p role="status" class="${OFFLINE_BANNER_CLASS}">${offlineCopyText(fetchedAt)}</p>`;
    return new Response(scriptless ? html.replace(/<body\b[^>]*>/, (body) => body + banner) : html, init);
  },
});

/** Tells the page whether a read it made was answered fresh or from a copy, for its offline banner. */
const tellThePage: WorkboxPlugin = {
  async handlerWillRespond({ event, response }) {
    const clientId = (event as FetchEvent).clientId;
    const client = clientId ? await self.clients.get(clientId) : undefined;
    const message: OfflineCopyMessage = {
      type: WORKER_MESSAGES.offlineCopy,
      at: response.headers.get(COPY_FETCHED_AT_HEADER),
    };
    client?.postMessage(message);
    return response;
  },
};

/** Only complete, readable answers are kept: never an error page, nor an opaque cross-origin reply. */
const onlyOk = new CacheableResponsePlugin({ statuses: [200] });

/** The last 50 pages opened, for a week: enough for a visit's listings and ads, a few MB at most. */
const pages = new NetworkFirst({
  cacheName: CACHE_NAMES.pages,
  networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
  plugins: [onlyOk, new ExpirationPlugin({ maxEntries: 50, maxAgeSeconds: 7 * DAY }), markCopies("document")],
});

registerRoute(
  ({ request, url }) =>
    request.mode === "navigate" &&
    url.origin === self.location.origin &&
    !isAdminPath(url.pathname) &&
    !/^\/(api|media)\//.test(url.pathname),
  pages,
);

// React Router's page data when moving inside the app (`/categories/1/2.data`), kept like the pages themselves.
registerRoute(
  ({ url, request }) =>
    request.method === "GET" &&
    url.origin === self.location.origin &&
    url.pathname.endsWith(".data") &&
    !isAdminPath(url.pathname),
  new NetworkFirst({
    cacheName: CACHE_NAMES.pageData,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [
      onlyOk,
      new ExpirationPlugin({ maxEntries: 50, maxAgeSeconds: 7 * DAY }),
      markCopies("data"),
      tellThePage,
    ],
  }),
);

/** API reads never kept: sign-in and token answers, push keys. Writes are never cached (Cache Storage holds GETs). */
const isUncachedApi = (pathname: string) => isAdminPath(pathname) || /^\/api\/(auth|push)\//.test(pathname);

// The public API reads a page makes in the browser (no Authorization header: the same for everyone).
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    url.pathname.startsWith("/api/") &&
    !isUncachedApi(url.pathname) &&
    !request.headers.has("authorization"),
  new NetworkFirst({
    cacheName: CACHE_NAMES.publicApi,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [
      onlyOk,
      new ExpirationPlugin({ maxEntries: 100, maxAgeSeconds: 7 * DAY }),
      markCopies("data"),
      tellThePage,
    ],
  }),
);

// A signed-in person's reads (saved items, chats, profile): their own cache, which lib/session.ts empties whenever
// someone signs in or out, so one account's data is never shown to the next on a shared phone.
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    url.pathname.startsWith("/api/") &&
    !isUncachedApi(url.pathname) &&
    request.headers.has("authorization"),
  new NetworkFirst({
    cacheName: CACHE_NAMES.personalApi,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [
      onlyOk,
      new ExpirationPlugin({ maxEntries: 100, maxAgeSeconds: 7 * DAY }),
      markCopies("data"),
      tellThePage,
    ],
  }),
);

// Hashed build files not in the precache list (each page's route code, the signed-in and admin screens'): a file's
// name changes with its content, so a kept copy never goes stale; kept while releases come and go, oldest out first.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith("/assets/"),
  new CacheFirst({
    cacheName: CACHE_NAMES.assets,
    plugins: [onlyOk, new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * DAY })],
  }),
);

// Photos: a stored photo's address never changes its picture (each size has its own name), so cache-first. 250
// photos is about 30 MB at the gallery's size and far less at the cards' (decision 102); a month at most, and the
// whole cache goes first if the browser runs short of room.
registerRoute(
  ({ request }) => request.destination === "image",
  new CacheFirst({
    cacheName: CACHE_NAMES.images,
    plugins: [onlyOk, new ExpirationPlugin({ maxEntries: 250, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true })],
  }),
);

/**
 * A page never opened before, asked for without a signal: a page of our own saying so, instead of the browser's
 * error. Plain HTML with its style inline (the build's CSS has a hashed name, and the worker's own answer carries no
 * Content-Security-Policy to allow or forbid anything). Other failed reads fail as they would without the worker.
 */
const NOT_SAVED_PAGE =
  `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
  `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${NOT_SAVED_COPY.title} | ${BRAND}</title></head>` +
  `<body style="margin:0;padding:4rem 1rem;text-align:center;font-family:system-ui,sans-serif;color:#0f172a;background:#f8fafc">` +
  `<h1 style="font-size:1.5rem">${NOT_SAVED_COPY.title}</h1>` +
  `<p style="max-width:28rem;margin:1rem auto;color:#475569">${NOT_SAVED_COPY.text}</p>` +
  `<p><a href="/" style="color:#047857;font-weight:600">${BRAND} home</a></p></body></html>`;

setCatchHandler(async ({ request }) =>
  request.mode === "navigate"
    ? new Response(NOT_SAVED_PAGE, { status: 503, headers: { "content-type": "text/html; charset=utf-8" } })
    : Response.error(),
);

/**
 * The page the visitor was on when the worker first installed was loaded before it: it is fetched once more into
 * the cache, so the first listing opened also opens offline. Only the open windows' public pages, once, at install.
 */
self.addEventListener("activate", (event) => {
  event.waitUntil(
    self.clients
      .matchAll({ type: "window", includeUncontrolled: true })
      .then((windows) =>
        Promise.all(
          windows
            .map((client) => new URL(client.url))
            .filter((url) => url.origin === self.location.origin && !isAdminPath(url.pathname))
            .map(async (url) => {
              const cache = await caches.open(CACHE_NAMES.pages);
              if (await cache.match(url.href)) return;
              const [, done] = pages.handleAll({
                event,
                request: new Request(url.href, { headers: { accept: "text/html" } }),
              });
              await done;
            }),
        ),
      )
      .catch(() => {}),
  );
});
