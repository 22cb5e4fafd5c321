import type { Database, Transaction } from "../../db/database.ts";
import { dayOf } from "./analytics-days.ts";
import {
  findSellerActiveAdIds,
  queueAdsLeavingWindow,
  takeQueuedAds,
  updateScores,
} from "./visibility-scores.queries.ts";

/** Ads rescored per transaction by the score job. */
const SCORE_BATCH = 5_000;
/** Days of the score window's edge the day's job requeues: covers two missed runs (a server down at midnight). */
const WINDOW_EDGE_DAYS = 3;

/**
 * visibility_score (decision 045): counts, stars and boosts make an ad's score, which Popular and Trending sort by.
 * Ads whose counts or ratings changed are queued and rescored by a job; a boost rescoring its ads at once.
 */
export function createVisibilityScores({
  db,
  now,
  flush,
}: {
  db: Database;
  now: () => Date;
  /** Writes the counts ingestion still buffers, so a score run sees them. */
  flush: () => Promise<boolean>;
}) {
  return {
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
     * scores that changed, a batch per transaction. Returns how many were checked and written.
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

    /** Queues for the score job the ads whose oldest counted day has left the score's window by `today`. */
    queueAdsLeavingWindow: (today: string) => queueAdsLeavingWindow(db, today, WINDOW_EDGE_DAYS),
  };
}
