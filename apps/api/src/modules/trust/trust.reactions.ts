import type { DomainEvents } from "../../lib/domain-events.ts";
import type { Jobs } from "../../lib/jobs.ts";
import type { TrustService } from "./trust.service.ts";

/** What keeps the response figures up to date (decision 070). */
export function reactToTrustEvents(events: DomainEvents, jobs: Jobs, trust: TrustService) {
  // A conversation opened or a first answer moves one user's figures. The message's transaction only queues the
  // recompute (committed with it, so none is lost): scanning a busy seller's chats stays out of the message's path.
  jobs.work("trust.recompute-user", ({ userId }) => trust.recomputeUser(userId));
  events.onWrite("chat.message.created", async (payload, tx) => {
    const userId = await trust.userConcernedByMessage(tx, payload);
    if (userId !== null) await jobs.send("trust.recompute-user", { userId }, { tx });
  });

  // The 90-day window slides, and an unanswered chat counts once its 24 hours are over: once a day for everyone.
  jobs.work(
    "trust.response-stats-sweep",
    async () => {
      await trust.recomputeEveryone();
    },
    // Once a day over every seller: a crashed run is retried after its expiry (decision 096).
    { policy: "singleton", expireInSeconds: 600 },
  );
  jobs.schedule("trust.response-stats-sweep", "35 3 * * *", {});
}
