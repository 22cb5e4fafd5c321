import { createHmac } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Database, Transaction } from "../../db/database.ts";
import { createChangeAwareBatchCache } from "../../lib/change-aware-cache.ts";
import { dayOf } from "./analytics-days.ts";
import { findActiveAdOwners, pruneMarks, writeEvents, type AnalyticsEvent } from "./analytics-ingestion.queries.ts";
import { ANALYTICS_KIND, findAdOwner } from "./analytics.queries.ts";

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
const PRUNE_BATCH = 10_000;

/**
 * Counting views, clicks, saves and contacts (decision 044): each at most once per viewer, ad and day, an owner's own
 * never. Views and clicks wait up to `flushIntervalMs` in the process and are written together by one statement;
 * saves and chat contacts are counted in the transaction that made them.
 *
 * What a stop costs (decision 096): on SIGTERM nothing, since the app's close writes the buffer before the database
 * closes (`close`). On kill -9 or a crash, the views and clicks accepted in the last `flushIntervalMs` (1 s by
 * default) and the write under way, whose transaction never commits: about a second of them. While the database
 * refuses writes the buffer is kept for a retry, and a kill then loses all of it (at most BUFFER_MAX events).
 */
export function createAnalyticsIngestion({
  db,
  secret,
  log,
  flushIntervalMs,
  now,
}: {
  db: Database;
  secret: string;
  log: Pick<FastifyBaseLogger, "error">;
  flushIntervalMs: number;
  now: () => Date;
}) {
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
     * A chat started about an ad, or its phone number revealed, is a contact of its seller, counted in that write's
     * transaction: once per buyer, ad and day, whichever way they got in touch (decisions 044, 072).
     */
    async countContact(tx: Transaction, { adId, buyerId }: { adId: number; buyerId: number }) {
      await countInTransaction(tx, "contact", adId, buyerId);
    },

    /** Drops the once-a-day marks of days before `day`; returns how many. */
    async pruneMarksBefore(day: string): Promise<number> {
      let pruned = 0;
      for (;;) {
        const deleted = await pruneMarks(db, day, PRUNE_BATCH);
        pruned += deleted;
        if (deleted < PRUNE_BATCH) return pruned;
      }
    },

    /** Writes what is buffered (the app's onClose); later events are written as they come. */
    async close() {
      closed = true;
      // A database that refuses the write gives up the rest (logged) rather than holding the stop.
      while (pending.size > 0 && (await flush()));
      await writing;
    },

    /** Writes what is buffered now: before a read of the counts, and in tests and benchmarks. */
    flush,
  };
}
