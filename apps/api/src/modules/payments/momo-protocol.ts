import { PAYMENT_MESSAGES } from "@waterside/shared/payments-messages";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/database.ts";
import { cleanMomoNote, MomoError, type MomoClient, type RequestToPayStatus } from "../../lib/momo.ts";
import { HttpError } from "../../plugins/errors.ts";
import { isOpen, type PaymentStates } from "./payment-states.ts";
import { claimProviderCheck, findPayment, type PaymentRow } from "./payments.queries.ts";

/** MTN expires an unapproved request within minutes; after a day without a final answer we stop asking (spec §4). */
export const PAYMENT_GIVE_UP_MS = 24 * 60 * 60 * 1000;
/**
 * MTN is asked about a payment's status at most once per this many seconds, whoever asks (status polls, callbacks'
 * checks, the reconciler) and on however many processes: MTN throttles calls per merchant key, so one impatient
 * poller must not stall everyone's payments. In between, the stored state answers (decision 048).
 */
export const PROVIDER_CHECK_INTERVAL_SECONDS = 5;
/** Seconds before the next check of an open payment: 10, 20, 40 … at most an hour (decision 048). */
const nextCheckSeconds = (checks: number) => Math.min(10 * 2 ** Math.min(checks, 12), 3600);

/**
 * How payments use MTN's Request to Pay (decision 048; `lib/momo.ts` speaks its HTTP): the request that prompts the
 * payer, sent again if MTN never got it, and status checks, at most one per payment per interval across processes,
 * whose answers move the payment (`payment-states.ts`).
 */
export function createMomoProtocol({
  db,
  momo,
  states,
  log,
}: {
  db: Database;
  /** null: no MTN account is configured (production without MOMO_*), so nothing can be paid. */
  momo: MomoClient | null;
  states: PaymentStates;
  log: Pick<FastifyBaseLogger, "warn" | "error">;
}) {
  const mtn = () => {
    if (!momo) throw new HttpError(503, PAYMENT_MESSAGES.unavailable);
    return momo;
  };

  /** Asks MTN to prompt the payer; the same reference id again is harmless (MTN answers 409, our own request). */
  async function sendRequest(payment: Pick<PaymentRow, "id" | "amount" | "phone_number" | "package_name">) {
    try {
      await mtn().requestToPay({
        referenceId: payment.id,
        amount: payment.amount,
        externalId: payment.id,
        phone: payment.phone_number,
        payerMessage: cleanMomoNote(`Waterside ${payment.package_name}`),
        payeeNote: cleanMomoNote(`Boost ${payment.package_name} payment ${payment.id.slice(0, 8)}`),
      });
      await states.accepted(payment.id);
      return "accepted" as const;
    } catch (error) {
      if (!(error instanceof MomoError)) throw error;
      if (error.retryable) {
        // MTN may or may not have it: the reconciler asks, and sends it again if MTN never got it.
        log.warn({ err: error, payment: payment.id }, "MoMo request to pay not answered; the reconciler retries");
        return "unknown" as const;
      }
      await states.settle(payment.id, { status: "FAILED", reason: error.code });
      return "refused" as const;
    }
  }

  /** Asks MTN about an open payment and applies the answer; the next check is pushed back either way. */
  async function askMtn(payment: PaymentRow) {
    const paymentId = payment.id;
    let answer: RequestToPayStatus | null = null;
    try {
      answer = await mtn().getRequestToPayStatus(paymentId);
    } catch (error) {
      if (!(error instanceof MomoError) || !error.retryable) throw error;
      log.warn({ err: error, payment: paymentId }, "MoMo status not answered; asking again later");
    }
    if (
      answer?.status === "SUCCESSFUL" &&
      (Number(answer.amount) !== payment.amount || answer.currency !== payment.currency)
    ) {
      // Never activate on a payment that is not what was asked: an operator looks at it (decision 048).
      log.error({ payment: paymentId, answer }, "MoMo reports another amount or currency than was requested");
      return states.settle(paymentId, { status: "FAILED", reason: "AMOUNT_MISMATCH" });
    }
    if (answer?.status === "SUCCESSFUL" || answer?.status === "FAILED") {
      return states.settle(paymentId, {
        status: answer.status,
        reason: answer.reason,
        financialTransactionId: answer.financialTransactionId,
      });
    }
    if (Date.now() - new Date(payment.created_at).getTime() > PAYMENT_GIVE_UP_MS) {
      return states.settle(paymentId, { status: "FAILED", reason: "EXPIRED" });
    }
    // MTN never got the request (its answer was lost before it arrived): send it again, same reference id.
    if (answer?.status === "NOT_FOUND") await sendRequest(payment);
    else if (answer?.status === "PENDING" && payment.status === "requesting") await states.accepted(paymentId);
    await db.execute(sql`
      update payments set checks = checks + 1,
        next_check_at = now() + ${nextCheckSeconds(payment.checks)} * interval '1 second', updated_at = now()
      where id = ${paymentId} and status in ('requesting', 'pending')`);
  }

  return {
    /** The MTN client, or 503 when no MTN account is configured. */
    mtn,
    sendRequest,

    /**
     * Asks MTN once about an open payment, if it is this caller's turn: false, and nothing asked, when the payment is
     * no longer open or MTN was asked about it less than PROVIDER_CHECK_INTERVAL_SECONDS ago (by any process).
     */
    async check(paymentId: string): Promise<boolean> {
      if (!(await claimProviderCheck(db, paymentId, PROVIDER_CHECK_INTERVAL_SECONDS))) return false;
      const payment = await findPayment(db, paymentId);
      if (payment && isOpen(payment.status)) await askMtn(payment);
      return true;
    },

    /**
     * After a callback whose check fell inside the interval: the reconciler's next check is brought forward to the
     * interval's end, so the answer the callback announces waits seconds rather than the backoff.
     */
    async checkSoon(paymentId: string) {
      await db.execute(sql`
        update payments set next_check_at =
          least(next_check_at, provider_checked_at + ${PROVIDER_CHECK_INTERVAL_SECONDS} * interval '1 second')
        where id = ${paymentId} and status in ('requesting', 'pending')`);
    },
  };
}
