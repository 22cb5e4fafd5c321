import type { DomainEvents } from "../../lib/domain-events.ts";
import type { Jobs } from "../../lib/jobs.ts";
import type { TrustService } from "./trust.service.ts";

/** What keeps the response figures up to date (decision 070). */
export function reactToTrustEvents(events: DomainEvents, jobs: Jobs, trust: TrustService) {
  // With the message: a conversation opened or a first answer moves one user's figures, committed with it.
  events.onWrite("chat.message.created", (payload, tx, _afterCommit, publish) =>
    trust.messageStored(tx, payload, publish),
  );

  // The 90-day window slides, and an unanswered chat counts once its 24 hours are over: once a day for everyone.
  jobs.work(
    "trust.response-stats-sweep",
    async () => {
      await trust.recomputeEveryone();
    },
    { policy: "singleton" },
  );
  jobs.schedule("trust.response-stats-sweep", "35 3 * * *", {});
}
