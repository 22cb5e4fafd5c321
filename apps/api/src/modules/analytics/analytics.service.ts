import { createHmac } from "node:crypto";
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
import type { FastifyBaseLogger } from "fastify";
import type { Database, Transaction } from "../../db/database.ts";
import { createChangeAwareBatchCache } from "../../lib/change-aware-cache.ts";
import { fieldError, notFound } from "../../plugins/errors.ts";
import {
  ANALYTICS_KIND,
  findActiveAdOwners,
  findAdDays,
  findAdOwner,
  findAdTotals,
  findSellerDays,
  findSellerTotals,
  pruneMarks,
  queueAdsLeavingWindow,
  takeQueuedAds,
  updateScores,
  findSellerActiveAdIds,
  writeEvents,
  type AnalyticsEvent,
  type DayCounts,
} from "./analytics.queries.ts";

/** Who registers views, clicks or contacts. Admins browse too, but count for nothing. */
export type Viewer =
  | { kind: "user"; userId: number }
  | { kind: "admin" }
  /** A signed-out visitor: the random id their browser keeps, if sent, and their address. */
  | { kind: "visitor"; visitorId?: string; ip: string };

/**
 * Signed-out visitors behind one address count at most this many times per ad, kind and day: a visitor id is
 * whatever the browser sends, so one address inventing new ids cannot inflate an ad beyond it. Carriers put many
 * phones behind one address, so it is not 1 (decision 044).
 */
export const VISITORS_PER_ADDRESS = 20;
/** Buffered events past this many are written at once rather than at the next tick. */
const FLUSH_AT = 10_000;
/** Events one statement writes at most. */
const WRITE_MAX = 20_000;
/** Events kept for a retry while the database fails; beyond, new events are dropped (counting is best effort). */
const BUFFER_MAX = 200_000;
/** Ads rescored per transaction by the score job. */
const SCORE_BATCH = 5_000;
/** Days of the score window's edge the day's job requeues: covers two missed runs (a server down at midnight). */
const WINDOW_EDGE_DAYS = 3;
const PRUNE_BATCH = 10_000;

export interface AnalyticsOptions {
  /**
   * How long accepted views and clicks wait in the process before one statement writes them all (default 1 s);
   * 0 writes each request's events before it is answered (decision 044 measures both).
   */
  flushIntervalMs?: number;
  /** The clock; tests move it to another day. */
  now?: () => Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (day: string, days: number) => dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
const daysFrom = (start: string, end: string) => Math.round((Date.parse(end) - Date.parse(start)) / DAY_MS) + 1;

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

export function createAnalyticsService({
  db,
  secret,
  log,
  flushIntervalMs = 1000,
  now = () => new Date(),
}: { db: Database; secret: string; log: Pick<FastifyBaseLogger, "error"> } & AnalyticsOptions) {
  // Viewers and addresses are stored as keyed hashes: a mark says "seen" without naming who, and an IPv4 address
  // cannot be found again by hashing all of them without the key.
  const hashKey = createHmac("sha256", secret).update("waterside analytics viewers").digest();
  const hash = (text: string) => createHmac("sha256", hashKey).update(text).digest().readBigInt64BE(0).toString();

  // Active ads and their owners, per ad, dropped on any change to ads (decision 013): a listing's ids are checked
  // from memory, so registering views costs the database nothing but the batched write.
  const activeAds = createChangeAwareBatchCache<{ id: number; userId: number }>(db, {
    max: 20_000,
    ttl: 60_000,
    loadMany: async (ids) => {
      const owners = await findActiveAdOwners(db, ids);
      return new Map([...owners].map(([id, userId]) => [id, { id, userId }]));
    },
  });

  const pending = new Map<string, AnalyticsEvent>();
  const keyOf = (event: AnalyticsEvent) => `${event.day}|${event.adId}|${event.kind}|${event.viewer}`;
  let timer: NodeJS.Timeout | undefined;
  /** The write under way (or the last one), and the one queued after it: never more than one waits. */
  let writing: Promise<boolean> = Promise.resolve(true);
  let queued: Promise<boolean> | undefined;
  let closed = false;

  /**
   * Writes what is buffered (at most WRITE_MAX events), after the write under way; resolves false when the database
   * refused it. Calls while a write waits join it, so under load each statement takes everything that piled up.
   */
  function flush(): Promise<boolean> {
    queued ??= writing.then(async () => {
      queued = undefined;
      clearTimeout(timer);
      timer = undefined;
      const batch: AnalyticsEvent[] = [];
      for (const [key, event] of pending) {
        if (batch.length >= WRITE_MAX) break;
        batch.push(event);
        pending.delete(key);
      }
      if (batch.length === 0) return true;
      try {
        await writeEvents(db, batch, VISITORS_PER_ADDRESS);
      } catch (error) {
        log.error({ err: error, events: batch.length }, "analytics events could not be written; retrying");
        for (const event of batch) if (pending.size < BUFFER_MAX) pending.set(keyOf(event), event);
        if (!closed) scheduleFlush();
        return false;
      }
      if (pending.size >= FLUSH_AT) void flush();
      else if (pending.size > 0 && !closed) scheduleFlush();
      return true;
    });
    writing = queued;
    return queued;
  }

  function scheduleFlush() {
    timer ??= setTimeout(() => void flush(), flushIntervalMs);
    timer.unref();
  }

  async function record(events: AnalyticsEvent[]) {
    if (events.length === 0) return;
    if (flushIntervalMs === 0 || closed) {
      await writeEvents(db, events, VISITORS_PER_ADDRESS);
      return;
    }
    for (const event of events) if (pending.size < BUFFER_MAX) pending.set(keyOf(event), event);
    if (pending.size >= FLUSH_AT) void flush();
    else scheduleFlush();
  }

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

  /** Counts one user's event inside a write's transaction (once per user, ad and day), unless the ad is theirs. */
  async function countInTransaction(tx: Transaction, kind: "save" | "contact", adId: number, userId: number) {
    if ((await findAdOwner(tx, adId)) === userId) return;
    await writeEvents(
      tx,
      [{ day: dayOf(now()), adId, kind: ANALYTICS_KIND[kind], viewer: hash(`user:${userId}`), address: null }],
      VISITORS_PER_ADDRESS,
    );
  }

  return {
    /**
     * Registers views, clicks or contacts (phone numbers revealed) of these ads by this viewer and answers the ids
     * that name active ads (spec §7 `registered_ad_ids`). Each counts at most once per viewer, ad and day; an owner's
     * own count for nothing.
     */
    async register(kind: "view" | "click" | "contact", ids: readonly number[], viewer: Viewer): Promise<number[]> {
      const unique = [...new Set(ids)];
      const found = await activeAds(unique);
      const active = new Map(found.map((ad) => [ad.id, ad.userId]));
      const registered = unique.filter((id) => active.has(id));
      if (viewer.kind === "admin") return registered;
      const day = dayOf(now());
      const identity =
        viewer.kind === "user"
          ? { viewer: hash(`user:${viewer.userId}`), address: null }
          : {
              viewer: hash(viewer.visitorId ? `visitor:${viewer.visitorId}` : `address:${viewer.ip}`),
              address: hash(`address:${viewer.ip}`),
            };
      await record(
        registered
          .filter((id) => viewer.kind !== "user" || active.get(id) !== viewer.userId)
          .map((adId) => ({ day, adId, kind: ANALYTICS_KIND[kind], ...identity })),
      );
      return registered;
    },

    /** A save counts once per user, ad and day, in the saving transaction; an owner saving their own ad does not. */
    async countSave(tx: Transaction, { adId, userId }: { adId: number; userId: number }) {
      await countInTransaction(tx, "save", adId, userId);
    },

    /**
     * A chat started about an ad is a contact of its seller, counted in the chat's transaction: once per buyer, ad and
     * day, together with the phone numbers revealed (decision 044).
     */
    async countChatContact(tx: Transaction, { adId, buyerId }: { adId: number; buyerId: number }) {
      await countInTransaction(tx, "contact", adId, buyerId);
    },

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

    /**
     * A boost started, ended or was canceled (decision 048): the ad's score, or every active ad of a business whose
     * plan changed, is recomputed in that transaction, so Popular and Trending follow at once.
     */
    async rescoreBoosted(tx: Transaction, { userId, adId }: { userId: number; adId: number | null }) {
      const ids = adId === null ? await findSellerActiveAdIds(tx, userId) : [adId];
      return updateScores(tx, ids, dayOf(now()));
    },

    /**
     * The score job: recomputes visibility_score of the queued ads (counts or ratings changed) and writes only the
     * scores that changed, a batch per transaction (decision 045). Returns how many were checked and written.
     */
    async recomputeScores(): Promise<{ checked: number; updated: number }> {
      await flush();
      const today = dayOf(now());
      let checked = 0;
      let updated = 0;
      for (;;) {
        const taken = await db.transaction(async (tx) => {
          const ids = await takeQueuedAds(tx, SCORE_BATCH);
          updated += await updateScores(tx, ids, today);
          return ids.length;
        });
        checked += taken;
        if (taken < SCORE_BATCH) return { checked, updated };
      }
    },

    /**
     * The day's job: marks of days before yesterday are dropped (only today's decide anything; yesterday's wait for
     * late batches), and ads whose oldest counted day left the score's window are queued for the score job.
     */
    async rollDay(): Promise<{ pruned: number; queued: number }> {
      const today = dayOf(now());
      let pruned = 0;
      for (;;) {
        const deleted = await pruneMarks(db, addDays(today, -1), PRUNE_BATCH);
        pruned += deleted;
        if (deleted < PRUNE_BATCH) break;
      }
      return { pruned, queued: await queueAdsLeavingWindow(db, today, WINDOW_EDGE_DAYS) };
    },

    /** Writes what is buffered (the app's onClose); later events are written as they come. */
    async close() {
      closed = true;
      // A database that refuses the write gives up the rest (logged) rather than holding the stop.
      while (pending.size > 0 && (await flush()));
      await writing;
    },

    /** Writes what is buffered now (tests, benchmarks). */
    flush,
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
