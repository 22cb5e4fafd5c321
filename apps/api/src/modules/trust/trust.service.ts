import type { Database } from "../../db/database.ts";
import type { DomainEventMap, Transaction } from "../../lib/domain-events.ts";
import { recomputeEveryone, recomputeUsers, userConcernedByMessage } from "./trust.queries.ts";

/**
 * The sellers' response figures (issue 27, decision 070), stored in `response_stats`: a new message recomputes the
 * one user whose figures it can change, in the message's transaction; a daily sweep follows the sliding window.
 */
export function createTrustService(db: Database) {
  return {
    async messageStored(tx: Transaction, message: DomainEventMap["chat.message.created"]) {
      const userId = await userConcernedByMessage(tx, message);
      if (userId !== null) await recomputeUsers(tx, [userId]);
    },

    /** Every user who chatted within the window, and those with figures stored: the daily sweep, and the demo seed. */
    recomputeEveryone: () => recomputeEveryone(db),
  };
}

export type TrustService = ReturnType<typeof createTrustService>;
