import type { FastifyBaseLogger } from "fastify";
import { ProviderError, type ProviderAnswer } from "./providers/provider.ts";

/**
 * A provider is asked about a payment's (or payout's) status at most once per this many seconds, whoever asks (status
 * polls, callbacks' checks, the reconciler) and on however many processes: providers throttle calls per merchant key,
 * so one impatient poller must not stall everyone's payments. In between, the stored state answers (decision 048).
 */
export const PROVIDER_CHECK_INTERVAL_SECONDS = 5;
/** Seconds before the next check of an open row: 10, 20, 40 … at most an hour (decision 048). */
const nextCheckSeconds = (checks: number) => Math.min(10 * 2 ** Math.min(checks, 12), 3600);

type Status = "requesting" | "pending" | "successful" | "failed";

/** A row its provider has not settled yet: it may still move, and the provider may be asked about it. */
export const isOpen = (status: Status) => status === "requesting" || status === "pending";

/** The provider's final answer about a payment or payout. */
export interface Settlement {
  status: "SUCCESSFUL" | "FAILED";
  reason?: string;
  financialTransactionId?: string;
}

/** What the protocol reads of a row kept in step with its provider: a payment, a payout. */
export interface TrackedRow {
  id: string;
  status: Status;
  amount: number;
  currency: string;
  checks: number;
  created_at: string;
}

/**
 * What the protocol does to the rows it keeps: each module writes its own table (one writer per table), so it hands
 * these over. Every move is one update guarded by the states it leaves (`payment-states.ts`).
 */
export interface TrackedRows<Row> {
  find(id: string): Promise<Row | undefined>;
  /**
   * The turn to ask the provider about an open row, claimed by one guarded update of its provider_checked_at: of any
   * number of askers on any number of processes, one gets it per `intervalSeconds`. False when not this caller's turn.
   */
  claimCheck(id: string, intervalSeconds: number): Promise<boolean>;
  /** After a check that left the row open: one more check counted, the next in `seconds`. */
  checkLater(id: string, seconds: number): Promise<void>;
  /** The provider holds it (requesting → pending). */
  accepted(id: string): Promise<void>;
  /** The provider's final answer, applied once: only a row still open moves. */
  settle(id: string, answer: Settlement): Promise<void>;
}

/**
 * How a row of ours is kept in step with its provider (decision 048, issue 30, decision 100), whatever it is (a request
 * to pay, a payout) and whoever the provider is: the row is written before the provider hears of it, under our id,
 * which is the provider's key too; it is sent, and sent again with the same id if the provider never got it (NOT_FOUND),
 * which is harmless because the provider takes an id once (MTN's 409, pawaPay's DUPLICATE_IGNORED); the provider is
 * asked about it at most once per interval across processes, and its answers move it through `rows`.
 */
export function createProviderProtocol<Outgoing extends { id: string }, Row extends TrackedRow & Outgoing>({
  rows,
  send,
  ask,
  giveUpMs,
  onMismatch,
  noun,
  log,
}: {
  rows: TrackedRows<Row>;
  /** Hands the row to its provider; resolves once the provider holds it. Throws ProviderError. */
  send: (row: Outgoing) => Promise<void>;
  /** Where the row stands at its provider. Throws ProviderError. */
  ask: (row: Row) => Promise<ProviderAnswer>;
  /** After this long without a final answer the row fails with EXPIRED; null: never (it stays for the reconciler). */
  giveUpMs: number | null;
  /**
   * A SUCCESSFUL answer with another amount or currency than was asked, which an operator must look at: "fail" it (a
   * payment: nothing is activated on it), or "hold" it open (a payout: money did move, so it must not read as failed).
   */
  onMismatch: "fail" | "hold";
  /** How the log names the row: "payment", "payout". */
  noun: string;
  log: Pick<FastifyBaseLogger, "warn" | "error">;
}) {
  /** Hands the row to its provider; the same id again is harmless (the provider's own earlier one). */
  async function sendToProvider(row: Outgoing) {
    try {
      await send(row);
      await rows.accepted(row.id);
      return "accepted" as const;
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      if (error.retryable) {
        // The provider may or may not have it: the reconciler asks, and sends it again if the provider never got it.
        log.warn({ err: error, [noun]: row.id }, `${noun} not answered by its provider; the reconciler retries`);
        return "unknown" as const;
      }
      await rows.settle(row.id, { status: "FAILED", reason: error.code });
      return "refused" as const;
    }
  }

  /** Asks the provider about an open row and applies the answer; the next check is pushed back either way. */
  async function askProvider(row: Row) {
    let answer: ProviderAnswer | null = null;
    try {
      answer = await ask(row);
    } catch (error) {
      if (!(error instanceof ProviderError) || !error.retryable) throw error;
      log.warn({ err: error, [noun]: row.id }, `${noun} status not answered; asking again later`);
    }
    const mismatch =
      answer?.status === "SUCCESSFUL" && (Number(answer.amount) !== row.amount || answer.currency !== row.currency);
    if (mismatch) {
      log.error({ [noun]: row.id, answer }, "the provider reports another amount or currency than was asked");
      if (onMismatch === "fail") return rows.settle(row.id, { status: "FAILED", reason: "AMOUNT_MISMATCH" });
    } else if (answer?.status === "SUCCESSFUL") {
      return rows.settle(row.id, { status: "SUCCESSFUL", financialTransactionId: answer.transactionId });
    }
    if (answer?.status === "FAILED") return rows.settle(row.id, { status: "FAILED", reason: answer.reason });
    if (giveUpMs !== null && Date.now() - new Date(row.created_at).getTime() > giveUpMs) {
      return rows.settle(row.id, { status: "FAILED", reason: "EXPIRED" });
    }
    // The provider never got it (its answer was lost before it arrived): sent again, same id.
    if (answer?.status === "NOT_FOUND") await sendToProvider(row);
    else if (answer?.status === "PENDING" && row.status === "requesting") await rows.accepted(row.id);
    await rows.checkLater(row.id, nextCheckSeconds(row.checks));
  }

  return {
    send: sendToProvider,

    /**
     * Asks the provider once about an open row, if it is this caller's turn: false, and nothing asked, when the row is
     * no longer open or its provider was asked about it less than PROVIDER_CHECK_INTERVAL_SECONDS ago (by any process).
     */
    async check(id: string): Promise<boolean> {
      if (!(await rows.claimCheck(id, PROVIDER_CHECK_INTERVAL_SECONDS))) return false;
      const row = await rows.find(id);
      if (row && isOpen(row.status)) await askProvider(row);
      return true;
    },
  };
}
