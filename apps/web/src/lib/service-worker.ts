/**
 * The page's side of the service worker (decision 102): registering it, the "Update available" prompt, the offline
 * banner's state, and the browser's install prompt. Workbox itself runs in the worker (apps/web/service-worker/);
 * this module is all a hydrated page carries of it. A page sent without scripts registers the worker with a line of
 * its inline script instead (lib/defer-hydration.ts).
 */
import { useSyncExternalStore } from "react";
import {
  CACHE_NAMES,
  OFFLINE_COPY_ATTRIBUTE,
  SERVICE_WORKER_URL,
  WORKER_MESSAGES,
  type OfflineCopyMessage,
} from "./offline-caches";

const supported = () => typeof navigator !== "undefined" && "serviceWorker" in navigator;

/** Admin screens are never registered from, cached or answered by the worker. */
const isAdminPath = (pathname: string) => /^\/admin(\/|$)/.test(pathname);

/** A tiny store per piece of state, read with useSyncExternalStore (nothing of it is rendered on the server). */
function store<T>(initial: T) {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next: T) {
      value = next;
      listeners.forEach((listener) => listener());
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

const waitingWorker = store<ServiceWorker | null>(null);
const offlineCopyAt = store<string | null>(null);

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}
const installPrompt = store<BeforeInstallPromptEvent | null>(null);

if (typeof window !== "undefined") {
  // Chromium offers installing once it judges the site installable; the menu's "Install app" shows it then.
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault();
    installPrompt.set(event as BeforeInstallPromptEvent);
  });
  window.addEventListener("appinstalled", () => installPrompt.set(null));
}

/**
 * Registers the worker, after the page's `load` (scripts of a hydrated page only run after it anyway,
 * entry.server.tsx), never from an admin screen. Called once the app is alive.
 */
export function startServiceWorker() {
  if (!supported() || isAdminPath(location.pathname)) return;
  const sentFromCache = document.documentElement.getAttribute(OFFLINE_COPY_ATTRIBUTE);
  if (sentFromCache) offlineCopyAt.set(sentFromCache);
  navigator.serviceWorker.addEventListener("message", (event: MessageEvent<OfflineCopyMessage | null>) => {
    if (event.data?.type === WORKER_MESSAGES.offlineCopy) offlineCopyAt.set(event.data.at);
  });
  // Messages wait in a queue until a page says it listens.
  navigator.serviceWorker.startMessages();
  const register = () =>
    navigator.serviceWorker
      .register(SERVICE_WORKER_URL, { scope: "/" })
      .then(watchForUpdates)
      .catch(() => {
        // No worker (an old browser, a private window that refuses storage): the site works as before.
      });
  if (document.readyState === "complete") void register();
  else window.addEventListener("load", () => void register(), { once: true });
}

/** A new version installed while an older one controls the page waits for the user (the prompt), never by itself. */
function watchForUpdates(registration: ServiceWorkerRegistration) {
  const offerIfWaiting = () => {
    // Without a controller this is the first install, which takes over on the next page by itself.
    if (registration.waiting && navigator.serviceWorker.controller) waitingWorker.set(registration.waiting);
  };
  offerIfWaiting();
  registration.addEventListener("updatefound", () => {
    const installing = registration.installing;
    installing?.addEventListener("statechange", () => {
      if (installing.state === "installed") offerIfWaiting();
    });
  });
}

/** The waiting version, while the user has not taken it. */
export const useWaitingUpdate = () => useSyncExternalStore(waitingWorker.subscribe, waitingWorker.get, () => null);

/** The user took the update: the waiting worker takes over, then the page reloads once on the new version. */
export function takeUpdate() {
  const worker = waitingWorker.get();
  if (!worker) return;
  navigator.serviceWorker.addEventListener("controllerchange", () => window.location.reload(), { once: true });
  worker.postMessage({ type: WORKER_MESSAGES.skipWaiting });
  waitingWorker.set(null);
}

/** When what the page shows was fetched, if it came from the worker's cache (ISO 8601), else null. */
export const useOfflineCopyAt = () => useSyncExternalStore(offlineCopyAt.subscribe, offlineCopyAt.get, () => null);

/** Whether the browser offers installing the app (Chromium's `beforeinstallprompt`). */
export const useCanInstall = () =>
  useSyncExternalStore(
    installPrompt.subscribe,
    () => installPrompt.get() !== null,
    () => false,
  );

/** Shows the browser's own install dialog; it can be shown once per offer. */
export async function installApp() {
  const prompt = installPrompt.get();
  if (!prompt) return;
  installPrompt.set(null);
  await prompt.prompt();
}

/**
 * Empties the cache of signed-in reads: called whenever someone signs in or out (lib/session.ts), so one account's
 * saved items, chats and profile are never shown offline to the next person on a shared phone.
 */
export function forgetPersonalReads() {
  if (typeof caches !== "undefined") void caches.delete(CACHE_NAMES.personalApi).catch(() => {});
}
