import type { DomainEvents } from "../../lib/domain-events.ts";
import type { Jobs } from "../../lib/jobs.ts";
import type { SavedSearchAlerts } from "./saved-search-alerts.ts";
import type { SavedSearchMatcher } from "./saved-search-matching.ts";
import { findDailySearchesWithPending, findOverdueInstantSearches } from "./saved-searches.queries.ts";
import type { Database } from "../../db/database.ts";

// The module's jobs join the queue's job map (lib/jobs.ts) from here, so the map stays the one list of every job.
declare module "../../lib/jobs.ts" {
  interface JobMap {
    /** Matches a new or edited ad against the saved searches (issue 29, decision 080). */
    "saved-searches.match-ad": { adId: number };
    /** The collapse window of an ad's instant matches has passed: one notification per search of its pending matches. */
    "saved-searches.deliver-instant": { savedSearchIds: number[] };
    /** Every minute: instant searches whose delivery is overdue (a lost or merged job), delivered now. */
    "saved-searches.deliver-overdue": Record<string, never>;
    /** Once a day: queues the digest of every daily search with new matches. */
    "saved-searches.daily-digests": Record<string, never>;
    /** One daily search's digest for the day (YYYY-MM-DD). */
    "saved-searches.deliver-digest": { savedSearchId: number; day: string };
  }
}

/** Overdue searches delivered per transaction by the sweep. */
const OVERDUE_BATCH = 100;

/** When the daily digests go out: 17:00 Liberia time (UTC), after work, before the evening's browsing. */
export const DAILY_DIGEST_CRON = "0 17 * * *";

/**
 * A posted or edited ad queues its matching in the posting transaction (so a rolled-back post matches nothing and a
 * committed one is matched even after a crash); matching, alerts and digests run as jobs (decision 080).
 */
export function reactToSavedSearchesEvents({
  db,
  events,
  jobs,
  matcher,
  alerts,
  collapseSeconds,
}: {
  db: Database;
  events: DomainEvents;
  jobs: Jobs;
  matcher: SavedSearchMatcher;
  alerts: SavedSearchAlerts;
  collapseSeconds: number;
}) {
  events.onWrite("ad.created", async ({ adId }, tx) => {
    await jobs.send("saved-searches.match-ad", { adId }, { tx });
  });
  // An edit can bring an ad into a search (a lower price, a better title); matches already made stay as they are.
  events.onWrite("ad.edited", async ({ adId }, tx) => {
    await jobs.send("saved-searches.match-ad", { adId }, { tx });
  });

  // Polled each second, a few at a time: an ad is matched within seconds of going live, well inside the 60 s the
  // issue gives instant alerts.
  jobs.work(
    "saved-searches.match-ad",
    async ({ adId }) => {
      await matcher.matchAd(adId);
    },
    { batchSize: 20, concurrency: 2, pollingIntervalSeconds: 1 },
  );
  jobs.work(
    "saved-searches.deliver-instant",
    async ({ savedSearchIds }) => {
      await alerts.deliverInstant(savedSearchIds);
    },
    { batchSize: 20, concurrency: 2, pollingIntervalSeconds: 1 },
  );

  jobs.work(
    "saved-searches.deliver-overdue",
    async () => {
      // Two windows late: the search's own job is lost or was merged into one that ran before the match committed.
      const overdue = await findOverdueInstantSearches(db, 2 * collapseSeconds);
      for (let start = 0; start < overdue.length; start += OVERDUE_BATCH) {
        await alerts.deliverInstant(overdue.slice(start, start + OVERDUE_BATCH));
      }
    },
    // Every minute: a run cut off by a crash holds the next back its expiry at most (decision 096).
    { policy: "singleton", expireInSeconds: 120 },
  );
  jobs.schedule("saved-searches.deliver-overdue", "* * * * *", {});

  jobs.work(
    "saved-searches.daily-digests",
    async () => {
      const day = new Date().toISOString().slice(0, 10);
      for (const savedSearchId of await findDailySearchesWithPending(db)) {
        await jobs.send(
          "saved-searches.deliver-digest",
          { savedSearchId, day },
          { singletonKey: `digest:${savedSearchId}:${day}` },
        );
      }
    },
    { policy: "singleton", expireInSeconds: 120 },
  );
  jobs.schedule("saved-searches.daily-digests", DAILY_DIGEST_CRON, {});
  jobs.work("saved-searches.deliver-digest", ({ savedSearchId, day }) => alerts.deliverDigest(savedSearchId, day), {
    batchSize: 20,
    concurrency: 2,
  });
}
