import { INSTANT_DAILY_MATCH_LIMIT } from "@waterside/shared/saved-searches";
import type { Database, Transaction } from "../../db/database.ts";
import type { Jobs } from "../../lib/jobs.ts";
import { findLatestRate } from "../exchange-rates/latest-rate.ts";
import { candidateKeysOf, meetsFilters } from "./saved-search-filters.ts";
import { findCandidateSearches, findMatchableAd, insertMatches } from "./saved-searches.queries.ts";

export interface MatchHooks {
  /** An instant search went over INSTANT_DAILY_MATCH_LIMIT today. */
  downgrade(tx: Transaction, search: { id: number; user_id: number; name: string }): Promise<void>;
}

/**
 * The percolator (decision 080): a live ad reads only the saved searches filed under one of its keys (its
 * subcategory, category, places, words, and 'p'), checks each fully as POST /ads/get would list the ad for it, and
 * records the matches. The match's primary key makes a replayed or doubled job record nothing twice, and only
 * newly recorded matches schedule an alert.
 */
export function createSavedSearchMatcher({
  db,
  jobs,
  hooks,
  collapseSeconds,
}: {
  db: Database;
  jobs: Jobs;
  hooks: MatchHooks;
  /** Matches of one instant search within this window make one notification (SAVED_SEARCH_COLLAPSE_SECONDS). */
  collapseSeconds: number;
}) {
  return {
    /** Matches one ad; returns the ids of the searches it newly matched. */
    async matchAd(adId: number): Promise<number[]> {
      const ad = await findMatchableAd(db, adId);
      if (!ad) return [];
      // L$ price bounds are converted at the rate in force when the ad is matched (decision 088).
      const usdLrd = (await findLatestRate(db))?.usd_lrd ?? null;
      const candidates = await findCandidateSearches(db, ad, candidateKeysOf(ad), usdLrd);
      const matched = candidates.filter((search) => meetsFilters(search.filters, ad, usdLrd));
      if (matched.length === 0) return [];
      return db.transaction(async (tx) => {
        const fresh = await insertMatches(
          tx,
          ad.id,
          matched.map((search) => search.id),
        );
        const byId = new Map(matched.map((search) => [search.id, search]));
        const due: number[] = [];
        for (const { saved_search_id: id, today } of fresh) {
          const search = byId.get(id)!;
          if (search.frequency !== "instant") continue;
          if (today > INSTANT_DAILY_MATCH_LIMIT) await hooks.downgrade(tx, search);
          else due.push(id);
        }
        // One job per ad delivers its instant searches once the collapse window has passed; matches of a search
        // from other ads in the window go out with the first delivery, and later jobs find them notified.
        if (due.length > 0) {
          await jobs.send(
            "saved-searches.deliver-instant",
            { savedSearchIds: due },
            { tx, startAfter: new Date(Date.now() + collapseSeconds * 1000) },
          );
        }
        return fresh.map((row) => row.saved_search_id);
      });
    },
  };
}

export type SavedSearchMatcher = ReturnType<typeof createSavedSearchMatcher>;
