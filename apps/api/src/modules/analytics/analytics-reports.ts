import {
  ANALYTICS_DEFAULT_DAYS,
  ANALYTICS_MESSAGES,
  ANALYTICS_RANGE_MAX_DAYS,
  ANALYTICS_TOP_ADS_MAX,
} from "@waterside/shared/analytics-messages";
import type {
  TAdClickTotals,
  TAdViewTotals,
  TAnalyticsHistory,
  TAnalyticsOverall,
  TAnalyticsPoint,
  TAnalyticsRange,
  TPerformance,
} from "@waterside/shared/analytics";
import type { Database } from "../../db/database.ts";
import { fieldError, notFound } from "../../plugins/errors.ts";
import { addDays, dayOf, daysFrom } from "./analytics-days.ts";
import {
  findAdDays,
  findAdTotals,
  findSellerDays,
  findSellerTotals,
  type DayCounts,
} from "./analytics-reports.queries.ts";
import { findAdOwner } from "./analytics.queries.ts";

/** Every day from start to end, days without a row as zeros. */
function everyDay(start: string, end: string, rows: readonly DayCounts[]): TAnalyticsPoint[] {
  const byDay = new Map(rows.map((row) => [row.date, row]));
  const points: TAnalyticsPoint[] = [];
  for (let day = start; day <= end; day = addDays(day, 1)) {
    const row = byDay.get(day);
    points.push({
      date: day,
      views: row?.views ?? 0,
      saves: row?.saves ?? 0,
      clicks: row?.clicks ?? 0,
      contacts: row?.contacts ?? 0,
    });
  }
  return points;
}

/**
 * What sellers read of their counts (spec §7 analytics): histories, totals and the Performance tab.
 * Counts still buffered by ingestion are written first (`flush`), so a seller reads what was registered.
 */
export function createAnalyticsReports({
  db,
  now,
  flush,
}: {
  db: Database;
  now: () => Date;
  flush: () => Promise<boolean>;
}) {
  /** The range a read covers: by default the last 30 days; at most a year; 422 on the field at fault. */
  function resolveRange(
    { start_date, end_date }: TAnalyticsRange,
    fields: { start: string; end: string } = { start: "start_date", end: "end_date" },
  ) {
    const end = end_date ?? dayOf(now());
    const start = start_date ?? addDays(end, 1 - ANALYTICS_DEFAULT_DAYS);
    if (end < start) throw fieldError(fields.end, ANALYTICS_MESSAGES.endBeforeStart);
    if (daysFrom(start, end) > ANALYTICS_RANGE_MAX_DAYS)
      throw fieldError(fields.start, ANALYTICS_MESSAGES.rangeTooLong);
    return { start, end };
  }

  /** 404 unless the user owns the ad (another's ad is "not found", as if it did not exist). */
  async function assertOwner(userId: number, adId: number) {
    if ((await findAdOwner(db, adId)) !== userId) throw notFound("Ad");
  }

  async function adTotals(userId: number, order: "views" | "clicks", query: TAnalyticsRange & { ad_ids?: number[] }) {
    const range = query.start_date || query.end_date ? resolveRange(query) : null;
    const adIds = query.ad_ids && [...new Set(query.ad_ids)];
    await flush();
    const rows = await findAdTotals(db, userId, {
      range,
      adIds,
      order,
      limit: adIds?.length || ANALYTICS_TOP_ADS_MAX,
    });
    return { range, rows, total: rows[0]?.overall ?? 0 };
  }

  return {
    /** Spec §7 GET /analytics/ad/{id}/history: the owner's daily counts (contacts beyond the spec), every day. */
    async adHistory(userId: number, adId: number, query: TAnalyticsRange): Promise<TAnalyticsHistory> {
      const { start, end } = resolveRange(query);
      await assertOwner(userId, adId);
      await flush();
      return {
        start_date: start,
        end_date: end,
        statistics: everyDay(start, end, await findAdDays(db, adId, start, end)),
      };
    },

    /** Spec §7 GET /analytics/profile/history: the seller's daily totals over all their ads. */
    async sellerHistory(userId: number, query: TAnalyticsRange): Promise<TAnalyticsHistory> {
      const { start, end } = resolveRange(query);
      await flush();
      return {
        start_date: start,
        end_date: end,
        statistics: everyDay(start, end, await findSellerDays(db, userId, start, end)),
      };
    },

    /** Overall statistics: the seller's totals in the range. */
    async overall(userId: number, query: TAnalyticsRange): Promise<TAnalyticsOverall> {
      const { start, end } = resolveRange(query);
      await flush();
      return { start_date: start, end_date: end, statistics: await findSellerTotals(db, userId, start, end) };
    },

    async viewTotals(userId: number, query: TAnalyticsRange & { ad_ids?: number[] }): Promise<TAdViewTotals> {
      const { range, rows, total } = await adTotals(userId, "views", query);
      return {
        start_date: range?.start ?? null,
        end_date: range?.end ?? null,
        total,
        ads: rows.map(({ ad_id, title, views }) => ({ ad_id, title, views })),
      };
    },

    async clickTotals(userId: number, query: TAnalyticsRange & { ad_ids?: number[] }): Promise<TAdClickTotals> {
      const { range, rows, total } = await adTotals(userId, "clicks", query);
      return {
        start_date: range?.start ?? null,
        end_date: range?.end ?? null,
        total,
        ads: rows.map(({ ad_id, title, clicks }) => ({ ad_id, title, clicks })),
      };
    },

    /** The Performance tab (spec §7 "performance analytics", startTime and endTime). */
    async performance(userId: number, query: { startTime?: string; endTime?: string }): Promise<TPerformance> {
      const { start, end } = resolveRange(
        { start_date: query.startTime, end_date: query.endTime },
        { start: "startTime", end: "endTime" },
      );
      const length = daysFrom(start, end);
      await flush();
      const [totals, previous, days, top] = await Promise.all([
        findSellerTotals(db, userId, start, end),
        findSellerTotals(db, userId, addDays(start, -length), addDays(start, -1)),
        findSellerDays(db, userId, start, end),
        findAdTotals(db, userId, { range: { start, end }, order: "views", limit: 5 }),
      ]);
      return {
        start_date: start,
        end_date: end,
        totals,
        previous_totals: previous,
        statistics: everyDay(start, end, days),
        top_ads: top
          .filter((row) => row.views + row.saves + row.clicks + row.contacts > 0)
          .map(({ ad_id, title, views, saves, clicks, contacts }) => ({
            ad_id,
            title,
            views,
            saves,
            clicks,
            contacts,
          })),
      };
    },
  };
}
