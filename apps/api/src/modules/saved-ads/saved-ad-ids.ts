import { and, eq, inArray, sql } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import type { Database, Transaction } from "../../db/database.ts";
import { savedAds } from "../../db/schema/saved-ads.ts";

/**
 * The channel a save or unsave is announced on, with the saver's id, in its transaction (decision 098): PostgreSQL
 * delivers it after the commit to every process, which reads that user's saved ads again.
 */
export const SAVED_ADS_CHANGED_CHANNEL = "saved_ads_changed";
/** How long a process keeps a user's saved ads when no announcement came (one missed while reconnecting). */
export const SAVED_IDS_TTL_MS = 60_000;
/** Users who saved more than this are asked per page, as before: their set would cost more memory than it saves. */
const KEPT_IDS_MAX = 2_000;

/** A user's saved ads, or "many" when there are more than KEPT_IDS_MAX. */
type SavedSet = ReadonlySet<number> | "many";

/**
 * Which ads each signed-in reader saved, kept per process (decision 098), so marking a cached list page costs no
 * query. The saver's own process forgets the user at the commit (`forget`); the others when the announcement arrives;
 * any process after SAVED_IDS_TTL_MS at most. While the announcements cannot be heard, every page asks the database.
 */
export function createSavedAdIds(db: Database, { max = 20_000 }: { max?: number } = {}) {
  const cache = new LRUCache<number, Promise<SavedSet>>({ max, ttl: SAVED_IDS_TTL_MS });
  let heard = true;
  db.$client
    .listen(
      SAVED_ADS_CHANGED_CHANNEL,
      (payload) => cache.delete(Number(payload)),
      // Listening again after a lost connection: saves may have been missed meanwhile.
      () => cache.clear(),
    )
    .catch(() => {
      heard = false;
      cache.clear();
    });

  async function load(userId: number): Promise<SavedSet> {
    const rows = await db
      .select({ ad_id: savedAds.ad_id })
      .from(savedAds)
      .where(eq(savedAds.user_id, userId))
      .limit(KEPT_IDS_MAX + 1);
    return rows.length > KEPT_IDS_MAX ? "many" : new Set(rows.map((row) => row.ad_id));
  }

  /** The saved set kept for the user, loading it once for concurrent readers; a failed load is forgotten. */
  function kept(userId: number): Promise<SavedSet> {
    const found = cache.get(userId);
    if (found) return found;
    const loading = load(userId);
    cache.set(userId, loading);
    loading.catch(() => {
      if (cache.peek(userId) === loading) cache.delete(userId);
    });
    return loading;
  }

  async function asked(userId: number, adIds: number[]) {
    const rows = await db
      .select({ ad_id: savedAds.ad_id })
      .from(savedAds)
      .where(and(eq(savedAds.user_id, userId), inArray(savedAds.ad_id, adIds)));
    return new Set(rows.map((row) => row.ad_id));
  }

  return {
    /** Which of these ads the user saved. */
    async among(userId: number, adIds: number[]): Promise<Set<number>> {
      if (adIds.length === 0) return new Set();
      const saved = heard ? await kept(userId) : "many";
      if (saved === "many") return asked(userId, adIds);
      return new Set(adIds.filter((id) => saved.has(id)));
    },

    /** Announces, in the transaction of a save or unsave, that the user's saved ads changed. */
    async announce(tx: Transaction, userId: number) {
      await tx.execute(sql`select pg_notify(${SAVED_ADS_CHANGED_CHANNEL}, ${String(userId)})`);
    },

    /** Drops the user's set in this process once their save or unsave has committed: the next page reads it again. */
    forget(userId: number) {
      cache.delete(userId);
    },
  };
}
