import type { DomainEvents } from "../../lib/domain-events.ts";
import type { Jobs } from "../../lib/jobs.ts";
import type { TrustService } from "./trust.service.ts";

/** What keeps the response figures up to date (decision 070). */
export function reactToTrustEvents(events: DomainEvents, jobs: Jobs, trust: TrustService) {
  // A conversation opened or a first answer moves one user's figures. The messages' transaction only queues the
  // recomputes (committed with them, so none is lost): scanning a busy seller's chats stays out of the messages' path.
  // One look for the writer's whole batch, and one job per user concerned however many of its messages concern them:
  // the job reads the chats when it runs, after the batch committed (decision 101).
  jobs.work("trust.recompute-user", ({ userId }) => trust.recomputeUser(userId));
  events.onWrite("chat.messages.created", async ({ messages }, tx) => {
    const userIds = await trust.usersConcernedByMessages(tx, messages);
    await jobs.sendMany(
      userIds.map((userId) => ({ name: "trust.recompute-user" as const, data: { userId } })),
      { tx },
    );
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
