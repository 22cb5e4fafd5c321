import type { Database } from "../../db/database.ts";
import type { DomainEventMap, DomainEvents, Publish, Transaction } from "../../lib/domain-events.ts";
import { recomputeEveryone, recomputeUsers, userConcernedByMessage } from "./trust.queries.ts";

/**
 * The sellers' response figures (issue 27, decision 070), stored in `response_stats`: a new message queues the
 * recompute of the one user whose figures it can change; a daily sweep follows the sliding window. A
 * change of the shown figures is published (`trust.changed`): quick answers are part of visibility_score.
 */
export function createTrustService(db: Database, events: DomainEvents) {
  const announce = async (publish: Publish, userIds: readonly number[]) => {
    for (const userId of userIds) await publish("trust.changed", { userId });
  };

  return {
    /** The one user whose figures a stored message can change (its sender's first in the chat), or null. */
    userConcernedByMessage: (tx: Transaction, message: DomainEventMap["chat.message.created"]) =>
      userConcernedByMessage(tx, message),

    /** Recomputes one user's figures, announcing a change of those shown. */
    async recomputeUser(userId: number) {
      await events.transaction(db, async (tx, publish) => announce(publish, await recomputeUsers(tx, [userId])));
    },

    /**
     * Every user who chatted within the window, and those with figures stored: the daily sweep, and the demo seed.
     * Answers how many users' shown figures changed.
     */
    async recomputeEveryone(): Promise<number> {
      return events.transaction(db, async (tx, publish) => {
        const changed = await recomputeEveryone(tx);
        await announce(publish, changed);
        return changed.length;
      });
    },
  };
}

export type TrustService = ReturnType<typeof createTrustService>;
