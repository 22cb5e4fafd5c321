import { z } from "zod";
import { ANALYTICS_IDS_MAX, ANALYTICS_MESSAGES } from "./analytics-messages.ts";
import { zId } from "./ids.ts";

// Ad analytics calls (spec §7 "analytics calls", second document §4 "Analytics"; decision 044). Days are UTC
// calendar days written YYYY-MM-DD, which is Liberia's own time.

const blankAsMissing = (value: unknown) => (value === "" || value === null ? undefined : value);

/** A calendar day, YYYY-MM-DD, that exists (2026-02-30 does not). */
export const zDay = (message: string = ANALYTICS_MESSAGES.badDate) =>
  z.string({ message }).refine((day) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
    const date = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day);
  }, message);

/** A list of ids as a query sends it: `1,2,3`, or the name repeated. */
const idList = (max: number) =>
  z.preprocess(
    (value) =>
      value === undefined || value === ""
        ? undefined
        : (Array.isArray(value) ? value : [value]).flatMap((item) =>
            typeof item === "string" ? item.split(",").filter(Boolean) : [item],
          ),
    z.array(zId()).max(max, ANALYTICS_MESSAGES.idsTooMany).optional(),
  );

/**
 * POST /analytics/ad/views and /analytics/ad/clicks: the ads the client saw or clicked since its last call (spec §4).
 * Signed-out visitors add `visitor_id`, the random id their browser keeps (the client's device_id); without it
 * their address stands in. POST /analytics/ad/contacts (signed-in users only) takes the same body: the ads whose
 * seller's phone number was revealed.
 */
export const ZAnalyticsRegistration = z.object({
  ids: z.preprocess(
    (value) => (value === undefined || Array.isArray(value) ? value : [value]),
    z
      .array(zId(), { message: ANALYTICS_MESSAGES.idsRequired })
      .min(1, ANALYTICS_MESSAGES.idsRequired)
      .max(ANALYTICS_IDS_MAX, ANALYTICS_MESSAGES.idsTooMany),
  ),
  visitor_id: z.preprocess(
    blankAsMissing,
    z
      .string()
      .regex(/^[\w-]{8,64}$/, ANALYTICS_MESSAGES.badVisitorId)
      .optional(),
  ),
});
export type TAnalyticsRegistration = z.infer<typeof ZAnalyticsRegistration>;

/** The ids that name active ads and were accepted (counted now, or already counted today for this viewer). */
export const ZRegisteredAds = z.object({ registered_ad_ids: z.array(z.number().int()) });
export type TRegisteredAds = z.infer<typeof ZRegisteredAds>;

/** Optional range of the reads; missing dates default to the last 30 days (see ANALYTICS_DEFAULT_DAYS). */
export const ZAnalyticsRange = z.object({
  start_date: z.preprocess(blankAsMissing, zDay().optional()),
  end_date: z.preprocess(blankAsMissing, zDay().optional()),
});
export type TAnalyticsRange = z.infer<typeof ZAnalyticsRange>;

export const ZAdAnalyticsParams = z.object({ id: zId() });

/**
 * Spec §3 "Analytics point": one day of an ad (or of all the seller's ads). `contacts` is beyond the spec: buyers who
 * revealed the seller's phone number or started a chat about the ad (decision 044).
 */
export const ZAnalyticsPoint = z.object({
  date: z.string(),
  views: z.number().int(),
  saves: z.number().int(),
  clicks: z.number().int(),
  contacts: z.number().int(),
});
export type TAnalyticsPoint = z.infer<typeof ZAnalyticsPoint>;

/** A history: every day of the range, in order, days without activity as zeros. The client reads `statistics`. */
export const ZAnalyticsHistory = z.object({
  start_date: z.string(),
  end_date: z.string(),
  statistics: z.array(ZAnalyticsPoint),
});
export type TAnalyticsHistory = z.infer<typeof ZAnalyticsHistory>;

export const ZAnalyticsTotals = z.object({
  views: z.number().int(),
  saves: z.number().int(),
  clicks: z.number().int(),
  /** Beyond the spec, as in ZAnalyticsPoint. */
  contacts: z.number().int(),
});
export type TAnalyticsTotals = z.infer<typeof ZAnalyticsTotals>;

/** Overall statistics: the seller's totals over all their ads in the range, under `statistics` like the others. */
export const ZAnalyticsOverall = z.object({
  start_date: z.string(),
  end_date: z.string(),
  statistics: ZAnalyticsTotals,
});
export type TAnalyticsOverall = z.infer<typeof ZAnalyticsOverall>;

/**
 * GET /analytics/ad/views and /analytics/ad/clicks: per-ad totals of the seller's ads. Without dates: since each ad
 * was posted (what My Ads shows). With `ad_ids` (a page of My Ads): those of the seller's ads, zeros included;
 * without: the seller's ads with the most first, at most ANALYTICS_TOP_ADS_MAX.
 */
export const ZAdTotalsQuery = z.object({
  start_date: z.preprocess(blankAsMissing, zDay().optional()),
  end_date: z.preprocess(blankAsMissing, zDay().optional()),
  ad_ids: idList(ANALYTICS_IDS_MAX),
});
export type TAdTotalsQuery = z.infer<typeof ZAdTotalsQuery>;

const adTotals = <T extends z.ZodRawShape>(count: T) =>
  z.object({
    /** Null when the totals run over all time. */
    start_date: z.string().nullable(),
    end_date: z.string().nullable(),
    /** Over the ads asked for (all the seller's without `ad_ids`), listed or not. */
    total: z.number().int(),
    ads: z.array(z.object({ ad_id: z.number().int(), title: z.string(), ...count })),
  });
export const ZAdViewTotals = adTotals({ views: z.number().int() });
export type TAdViewTotals = z.infer<typeof ZAdViewTotals>;
export const ZAdClickTotals = adTotals({ clicks: z.number().int() });
export type TAdClickTotals = z.infer<typeof ZAdClickTotals>;

/**
 * The Performance tab's bounds (spec §7 "performance analytics": startTime, endTime): a day (YYYY-MM-DD), an ISO
 * date-time, or a Unix time in milliseconds (seconds below 10^11); each stands for its UTC day.
 */
const zInstantDay = z.preprocess((value) => {
  if (value === "" || value === null || value === undefined) return undefined;
  const text = String(value).trim();
  if (/^\d{1,15}$/.test(text)) {
    const number = Number(text);
    return new Date(number < 1e11 ? number * 1000 : number).toISOString().slice(0, 10);
  }
  if (/^\d{4}-\d{2}-\d{2}T/.test(text)) {
    const date = new Date(text);
    if (!Number.isNaN(date.getTime())) return date.toISOString().slice(0, 10);
  }
  return text;
}, zDay().optional());

export const ZPerformanceQuery = z.object({ startTime: zInstantDay, endTime: zInstantDay });
export type TPerformanceQuery = z.infer<typeof ZPerformanceQuery>;

export const ZPerformance = z.object({
  start_date: z.string(),
  end_date: z.string(),
  totals: ZAnalyticsTotals,
  /** The same number of days just before the range, for "+12%" beside each figure. */
  previous_totals: ZAnalyticsTotals,
  /** Every day of the range over all the seller's ads, zeros included (the chart). */
  statistics: z.array(ZAnalyticsPoint),
  /** The seller's ads with the most views in the range (at most 5), with their counts. */
  top_ads: z.array(ZAnalyticsTotals.extend({ ad_id: z.number().int(), title: z.string() })),
});
export type TPerformance = z.infer<typeof ZPerformance>;
