/**
 * Ad analytics constants without zod, for the web's analytics log (spec §4 "Analytics log", §9) and the API
 * (docs/decisions/044-analytics-ingestion.md).
 */

/** Spec §9: pending views and clicks are sent every 60 s (when the list is not empty). */
export const ANALYTICS_FLUSH_INTERVAL_MS = 60_000;
/** Spec §9: entries of the local log older than a day are dropped when it is emptied. */
export const ANALYTICS_PRUNE_AFTER_MS = 24 * 60 * 60 * 1000;
/** Spec §9: a card counts as viewed once this share of it is visible. */
export const AD_VIEW_VISIBILITY_THRESHOLD = 0.8;
/**
 * The kinds of entry of the local log (spec §3 "Ad analytics record": addId, type, time). `contact` is beyond the
 * spec: a seller's phone number revealed, sent only for signed-in users (decision 044).
 */
export const ANALYTICS_EVENT_TYPES = ["view", "click", "contact"] as const;
export type TAnalyticsEventType = (typeof ANALYTICS_EVENT_TYPES)[number];

/** Ads one registration call may name: a minute of browsing on a phone is far fewer. */
export const ANALYTICS_IDS_MAX = 100;
/** Days a history or total covers when no dates are given: the last 30, today included. */
export const ANALYTICS_DEFAULT_DAYS = 30;
/** The longest range one call may read: a year, leap day included. */
export const ANALYTICS_RANGE_MAX_DAYS = 366;
/** Per-ad totals list at most this many ads (the seller's best first) when no ids are given. */
export const ANALYTICS_TOP_ADS_MAX = 100;

export const ANALYTICS_MESSAGES = {
  badDate: "Must be a date such as 2026-01-31.",
  endBeforeStart: "The end date must be on or after the start date.",
  rangeTooLong: `Choose at most ${ANALYTICS_RANGE_MAX_DAYS} days.`,
  idsRequired: "Send the ids of at least one ad.",
  idsTooMany: `Send at most ${ANALYTICS_IDS_MAX} ads at a time.`,
  badVisitorId: "The visitor id must be 8 to 64 letters, digits, '-' or '_'.",
} as const;
