import {
  AD_VIEW_VISIBILITY_THRESHOLD,
  ANALYTICS_FLUSH_INTERVAL_MS,
  ANALYTICS_IDS_MAX,
  ANALYTICS_PRUNE_AFTER_MS,
  type TAnalyticsEventType,
} from "@waterside/shared/analytics-messages";
import { browserTransport } from "./api-client";

/**
 * Spec §4 "Analytics log": ad views and clicks kept in local storage, each (ad, type) once; a view when a card is
 * 80% visible, a click on click. Every 60 s the pending entries are sent and cleared whatever the answer, and
 * entries older than a day are pruned. Visitors' entries are sent too, with the browser's device id, and what is
 * pending also goes when the page is hidden, so a short visit is not lost (docs/decisions/047-analytics-log.md).
 * Contacts are not logged here: the API counts a phone number revealed or a chat started itself (decision 072).
 * Failures are silent (spec §8).
 *
 * It imports nothing of the app: a public page a visitor only reads is sent without the app, and its reading script
 * (lib/reading-page.ts, decision 107) logs with this same module; the app carries on the same log once it runs.
 */

/** What the browser logs: views and clicks. */
type LoggedType = Exclude<TAnalyticsEventType, "contact">;

/** Spec §3 "Ad analytics record": addId, type, time (the day, for pruning). */
interface Entry {
  addId: number;
  type: LoggedType;
  time: number;
}
interface Log {
  /** Everything logged in the last day: what is in here is not logged again. */
  seen: Entry[];
  pending: Entry[];
}

const LOG_KEY = "waterside.analytics";
const PATHS: Record<LoggedType, string> = {
  view: "/analytics/ad/views",
  click: "/analytics/ad/clicks",
};

function read(): Log {
  try {
    const log = JSON.parse(localStorage.getItem(LOG_KEY) ?? "null") as Log | null;
    return log && Array.isArray(log.seen) && Array.isArray(log.pending) ? log : { seen: [], pending: [] };
  } catch {
    return { seen: [], pending: [] };
  }
}

function write(log: Log) {
  try {
    localStorage.setItem(LOG_KEY, JSON.stringify(log));
  } catch {
    // A full or blocked storage loses analytics, never the page.
  }
}

function record(addId: number, type: LoggedType) {
  if (typeof window === "undefined") return;
  const log = read();
  if (log.seen.some((entry) => entry.addId === addId && entry.type === type)) return;
  const entry = { addId, type, time: Date.now() };
  write({ seen: [...log.seen, entry], pending: [...log.pending, entry] });
}

export const logAdClick = (adId: number) => record(adId, "click");

/**
 * Marks in the server's HTML for a page read without the app (lib/reading-page.ts): an ad card, whose value is its
 * ad's id, and the ad a page shows, which is that ad's click.
 */
export const AD_CARD_ATTRIBUTE = "data-ad-card";
export const OPENED_AD_ATTRIBUTE = "data-opened-ad";

let observer: IntersectionObserver | null = null;
const observed = new WeakMap<Element, number>();

/**
 * Watches an ad card until 80% of it has been on screen once (spec §9). Returns what stops watching, for a ref
 * callback: `ref={(card) => watchAdCard(card, ad.id)}`.
 */
export function watchAdCard(card: Element | null, adId: number) {
  if (!card || typeof IntersectionObserver === "undefined") return;
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (entry.intersectionRatio < AD_VIEW_VISIBILITY_THRESHOLD) continue;
        const id = observed.get(entry.target);
        if (id !== undefined) record(id, "view");
        observer?.unobserve(entry.target);
      }
    },
    { threshold: AD_VIEW_VISIBILITY_THRESHOLD },
  );
  observed.set(card, adId);
  observer.observe(card);
  return () => observer?.unobserve(card);
}

/**
 * Who the log is sent as: a signed-in user's access token, or null for a visitor, who is sent with the browser's
 * device id. The app reads its session; a page without the app is a visitor's (a signed-in reader's page loads it).
 */
export interface AnalyticsSender {
  accessToken(): Promise<string | null>;
  deviceId(): string;
}

/** Sends what is pending and empties the list, whatever the answer; prunes what is older than a day. */
export async function flushAnalyticsLog(sender: AnalyticsSender) {
  const log = read();
  const cutoff = Date.now() - ANALYTICS_PRUNE_AFTER_MS;
  write({ seen: log.seen.filter((entry) => entry.time > cutoff), pending: [] });
  if (!log.pending.length) return;
  const token = await sender.accessToken().catch(() => null);
  const visitor = token ? {} : { visitor_id: sender.deviceId() };
  await Promise.all(
    (Object.keys(PATHS) as LoggedType[]).map(async (type) => {
      const ids = [...new Set(log.pending.filter((entry) => entry.type === type).map((entry) => entry.addId))];
      for (let start = 0; start < ids.length; start += ANALYTICS_IDS_MAX) {
        await browserTransport(PATHS[type], {
          method: "POST",
          // Sent while the page unloads too: the browser keeps the request going.
          keepalive: true,
          headers: { "content-type": "application/json", ...(token && { authorization: `Bearer ${token}` }) },
          body: JSON.stringify({ ids: ids.slice(start, start + ANALYTICS_IDS_MAX), ...visitor }),
        }).catch(() => undefined);
      }
    }),
  );
}

let started = false;

/**
 * Starts the minute's flush (spec §9) and the flush when the page is hidden; once per page load. When the app starts
 * on a page whose reading script already did, both flush: each empties the list as it reads it, so nothing goes twice.
 */
export function startAnalyticsLog(sender: AnalyticsSender) {
  if (started || typeof window === "undefined") return;
  started = true;
  window.setInterval(() => void flushAnalyticsLog(sender), ANALYTICS_FLUSH_INTERVAL_MS);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") void flushAnalyticsLog(sender);
  });
  window.addEventListener("pagehide", () => void flushAnalyticsLog(sender));
}
