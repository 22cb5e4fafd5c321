import type { Database } from "../../db/database.ts";
import type { DomainEvents, Publish, StoredChatMessage, Transaction } from "../../lib/domain-events.ts";
import { recomputeEveryone, recomputeUsers, usersConcernedByMessages } from "./trust.queries.ts";

/**
 * The sellers' response figures (issue 27, decision 070), stored in `response_stats`: new messages queue the
 * recompute of the users whose figures they can change; a daily sweep follows the sliding window. A
 * change of the shown figures is published (`trust.changed`): quick answers are part of visibility_score.
 */
export function createTrustService(db: Database, events: DomainEvents) {
  const announce = async (publish: Publish, userIds: readonly number[]) => {
    for (const userId of userIds) await publish("trust.changed", { userId });
  };

  return {
    /** The users whose figures these stored messages can change (a sender's first in a chat), each once. */
    usersConcernedByMessages: (tx: Transaction, messages: readonly StoredChatMessage[]) =>
      usersConcernedByMessages(tx, messages),

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
