import type { TDealStatus } from "@waterside/shared/deals-messages";
import type { TCurrency } from "@waterside/shared/money";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/database.ts";

/** A transaction of `Database`: what reactions inside the write receive. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** A chat message just stored: what reactions to `chat.messages.created` need of it. */
export interface StoredChatMessage {
  chatId: number;
  messageId: number;
  senderId: number;
  receiverId: number;
}

/**
 * What happened in one module that others react to, with what they need to know. A module publishes its own
 * events; it never writes another module's tables (docs/architecture.md).
 */
export interface DomainEventMap {
  /** An account was erased (spec §7 DELETE /user). Its ads are hidden and its personal rows removed. */
  "user.deleted": { userId: number };
  /**
   * Chat messages were stored (not resends), one event per batch of the message writer in the batch's transaction
   * (decision 101), in the order of their ids; never empty. Recipients may need telling while away (decision 042).
   */
  "chat.messages.created": { messages: StoredChatMessage[] };
  /** A buyer opened a new chat with a seller about the seller's ad (not a reused chat): a contact (decision 044). */
  "chat.started": { chatId: number; adId: number; buyerId: number };
  /** A buyer revealed an ad's phone number (not the same ad again that day): a contact (decisions 044, 072). */
  "phone.revealed": { adId: number; buyerId: number };
  /**
   * What a buyer may trust about a user changed: their response figures (rate, median), or their phone was verified or
   * unverified. Their ads' visibility_score follows (decision 070).
   */
  "trust.changed": { userId: number };
  /** A user saved an ad (not a repeat save): analytics counts it (decision 044). */
  "ad.saved": { adId: number; userId: number };
  /** A seller saved an edit of their ad: what an admin reviewed may have changed (decision 052). */
  "ad.edited": { adId: number };
  /** An ad reached the distinct open reports that take it out of public lists until reviewed (decision 043). */
  "ad.reported-by-many": { adId: number; openReports: number };
  /** A boost started, ended or was canceled: an ad's (adId) or a business's (adId null) ranking changes (decision 048). */
  "subscription.changed": { userId: number; adId: number | null };
  /** A seller posted an ad (spec selling §4): the admins' moderation queue takes it in, unreviewed (decision 052). */
  "ad.created": { adId: number; userId: number };
  /** Stars were given, changed or taken back on these ads: their visibility_score follows (decision 045). */
  "ratings.changed": { adIds: number[] };
  /** An admin banned a user (decision 050): every session of theirs ends and their active ads leave every list. */
  "user.banned": { userId: number };
  /**
   * An admin reactivated a banned user (decision 050). `adIds` are the ads the ban hid, as its audit record keeps
   * them: those still hidden are shown again. Sessions stay revoked: the user signs in again.
   */
  "user.reactivated": { userId: number; adIds: number[] };
  /**
   * An admin set a new US$→L$ rate (issue 30, decision 086): what is converted at the rate in force follows. In this
   * process only; other processes learn of it from PostgreSQL (`watchRateChanges`, exchange-rates/latest-rate.ts).
   */
  "exchange-rate.changed": { usd_lrd: number };
  /**
   * A safe deal's collection settled at its provider (issue 33): the deal holds the money, or is cancelled. Published
   * once per payment, in the settling transaction.
   */
  "deal-payment.settled": { paymentId: string; dealId: number; status: "successful" | "failed"; reason: string | null };
  /**
   * A safe deal moved, or took a step within its state (`action`: paid, handed_over, paid_out …): both parties hear of
   * it, in the deal's chat and as a notification (issue 33).
   */
  "deal.changed": {
    dealId: number;
    adId: number | null;
    buyerId: number;
    sellerId: number;
    status: TDealStatus;
    action: string;
    /** The party who made the step; null when nobody did (the money's arrival, the clock, an admin). */
    actorUserId: number | null;
    amount: number;
    currency: TCurrency;
  };
  /**
   * A payout reached its provider's final answer (decision 100), once per payout: `subject` is the key its requester
   * gave ("deal:12:payout"). A failed payout stays failed: its requester decides what follows (another subject).
   */
  "payout.settled": { payoutId: string; subject: string; status: "successful" | "failed"; reason: string | null };
}
export type DomainEventName = keyof DomainEventMap;

/** Work a write reaction leaves for after the commit, such as removing the files of rows it deleted. */
export type AfterCommit = (work: () => Promise<void>) => void;
/** Publishes events inside a transaction; `committed` work runs once the transaction has committed. */
export type Publish = <E extends DomainEventName>(event: E, payload: DomainEventMap[E]) => Promise<void>;

/**
 * A reaction inside the write. What it writes may itself be news for other modules (a deleted account's ratings
 * move the ads' scores): it publishes that with `publish`, in the same transaction.
 */
type WriteReaction<E extends DomainEventName> = (
  payload: DomainEventMap[E],
  tx: Transaction,
  afterCommit: AfterCommit,
  publish: Publish,
) => Promise<void>;
type CommitReaction<E extends DomainEventName> = (payload: DomainEventMap[E]) => Promise<void>;

/**
 * The in-process event seam. Two kinds of reaction:
 * - `onWrite`: runs inside the publisher's transaction, so the reaction commits or rolls back with the write
 *   (rows other modules own: a deleted user's saved ads go with the user, or not at all);
 * - `onCommitted`: runs after the commit, for what cannot be rolled back (files, realtime, mail). Its failure is
 *   logged and never undoes the write; work that must survive a crash belongs on the job queue instead, which an
 *   `onWrite` reaction can enqueue in the same transaction.
 */
export function createDomainEvents(log: Pick<FastifyBaseLogger, "error">) {
  const onWrite = new Map<DomainEventName, WriteReaction<never>[]>();
  const onCommitted = new Map<DomainEventName, CommitReaction<never>[]>();

  return {
    onWrite<E extends DomainEventName>(event: E, reaction: WriteReaction<E>) {
      onWrite.set(event, [...(onWrite.get(event) ?? []), reaction as WriteReaction<never>]);
    },

    onCommitted<E extends DomainEventName>(event: E, reaction: CommitReaction<E>) {
      onCommitted.set(event, [...(onCommitted.get(event) ?? []), reaction as CommitReaction<never>]);
    },

    /** Runs `work` in one transaction; events it publishes get their write reactions in it, the rest after. */
    async transaction<T>(db: Database, work: (tx: Transaction, publish: Publish) => Promise<T>): Promise<T> {
      const later: Array<{ event: DomainEventName; run: () => Promise<void> }> = [];
      const result = await db.transaction(async (tx) => {
        const publish: Publish = async (event, payload) => {
          const afterCommit: AfterCommit = (run) => later.push({ event, run });
          // Modules react to an event independently (each writes only its own tables), so their statements go to
          // the transaction's connection together, answered in one wait instead of one per module. Every reaction
          // ends before a failure rolls the transaction back.
          const reacted = await Promise.allSettled(
            (onWrite.get(event) ?? []).map((reaction) =>
              (reaction as WriteReaction<typeof event>)(payload, tx, afterCommit, publish),
            ),
          );
          const failed = reacted.find((outcome) => outcome.status === "rejected");
          if (failed) throw failed.reason;
          for (const reaction of onCommitted.get(event) ?? []) {
            afterCommit(() => (reaction as CommitReaction<typeof event>)(payload));
          }
        };
        return work(tx, publish);
      });
      for (const { event, run } of later) {
        await run().catch((error: unknown) =>
          log.error({ err: error, event }, "a reaction to a committed event failed"),
        );
      }
      return result;
    },
  };
}

export type DomainEvents = ReturnType<typeof createDomainEvents>;
