import type { DomainEvents } from "../../lib/domain-events.ts";
import type { Jobs } from "../../lib/jobs.ts";
import { findSellerActiveAdIds, queueRescore } from "./visibility-scores.queries.ts";
import type { AnalyticsService } from "./analytics.service.ts";

/** What analytics does when other modules' events happen, and on its schedule (decisions 044, 045). */
export function reactToAnalyticsEvents(events: DomainEvents, jobs: Jobs, analytics: AnalyticsService) {
  // Saves are counted in the saving transaction: a save that rolls back never counted.
  events.onWrite("ad.saved", (payload, tx) => analytics.countSave(tx, payload));
  // A chat started about an ad is a contact, counted with the chat: a chat that rolls back never counted.
  events.onWrite("chat.started", (payload, tx) => analytics.countContact(tx, payload));
  // So is a phone number revealed (decision 072): Insights' contacts count both, once per buyer, ad and day.
  events.onWrite("phone.revealed", (payload, tx) => analytics.countContact(tx, payload));
  // Stars move the score (decision 045): the ads are queued for the score job with the rating that changed them.
  events.onWrite("ratings.changed", ({ adIds }, tx) => queueRescore(tx, adIds));
  // So do a seller's quick answers (decision 070): their active ads are queued for the score job.
  events.onWrite("trust.changed", async ({ userId }, tx) => queueRescore(tx, await findSellerActiveAdIds(tx, userId)));
  // A boost moves the ranking with the payment, cancel or expiry that changed it (decision 048).
  events.onWrite("subscription.changed", async (payload, tx) => void (await analytics.rescoreBoosted(tx, payload)));

  // Popularity follows the counts within minutes, writing only the ads whose score moved.
  jobs.work(
    "analytics.visibility-scores",
    async () => {
      await analytics.recomputeScores();
    },
    // Every five minutes: a run cut off by a crash holds the next back its expiry at most (decision 096).
    { policy: "singleton", expireInSeconds: 180 },
  );
  jobs.schedule("analytics.visibility-scores", "*/5 * * * *", {});

  jobs.work(
    "analytics.roll-day",
    async () => {
      await analytics.rollDay();
    },
    { policy: "singleton", expireInSeconds: 300 },
  );
  jobs.schedule("analytics.roll-day", "5 0 * * *", {});
}
