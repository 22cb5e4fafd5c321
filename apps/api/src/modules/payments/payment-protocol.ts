import { PAYMENT_MESSAGES, type TPaymentProvider } from "@waterside/shared/payments-messages";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/database.ts";
import { HttpError } from "../../plugins/errors.ts";
import { isOpen, type PaymentStates } from "./payment-states.ts";
import { claimProviderCheck, findPayment, type PaymentRow } from "./payments.queries.ts";
import { ProviderError, type PaymentProviderClients, type ProviderAnswer } from "./providers/provider.ts";

/** Providers expire an unapproved request within minutes; after a day without an answer we stop asking (spec §4). */
export const PAYMENT_GIVE_UP_MS = 24 * 60 * 60 * 1000;
/**
 * A provider is asked about a payment's status at most once per this many seconds, whoever asks (status polls,
 * callbacks' checks, the reconciler) and on however many processes: providers throttle calls per merchant key, so one
 * impatient poller must not stall everyone's payments. In between, the stored state answers (decision 048).
 */
export const PROVIDER_CHECK_INTERVAL_SECONDS = 5;
/** Seconds before the next check of an open payment: 10, 20, 40 … at most an hour (decision 048). */
const nextCheckSeconds = (checks: number) => Math.min(10 * 2 ** Math.min(checks, 12), 3600);

/**
 * How payments use their provider (decision 048, issue 30): the request that prompts the payer, sent again if the
 * provider never got it, and status checks, at most one per payment per interval across processes, whose answers
 * move the payment (`payment-states.ts`). Which provider a payment goes through is its row's `provider`; what each
 * one speaks is its adapter in `providers/`.
 */
export type PaymentProtocol = ReturnType<typeof createPaymentProtocol>;

export function createPaymentProtocol({
  db,
  providers,
  states,
  log,
}: {
  db: Database;
  providers: PaymentProviderClients;
  states: PaymentStates;
  log: Pick<FastifyBaseLogger, "warn" | "error">;
}) {
  /** The provider's client, or 503 when no account of it is configured (production without its settings). */
  const clientOf = (provider: TPaymentProvider) => {
    const client = providers[provider];
    if (!client) throw new HttpError(503, PAYMENT_MESSAGES.unavailable);
    return client;
  };

  /** Asks the provider to prompt the payer; the same id again is harmless (the provider's own earlier request). */
  async function sendRequest(
    payment: Pick<PaymentRow, "id" | "provider" | "amount" | "currency" | "phone_number" | "package_name" | "deal_id">,
  ) {
    try {
      await clientOf(payment.provider).request({
        id: payment.id,
        amount: payment.amount,
        currency: payment.currency,
        phone: payment.phone_number,
        // What the payer's phone shows they pay for: the boost's package, or the safe deal (issue 33).
        packageName: payment.package_name ?? `Safe deal ${payment.deal_id}`,
      });
      await states.accepted(payment.id);
      return "accepted" as const;
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      if (error.retryable) {
        // The provider may or may not have it: the reconciler asks, and sends it again if the provider never got it.
        log.warn({ err: error, payment: payment.id }, "payment request not answered; the reconciler retries");
        return "unknown" as const;
      }
      await states.settle(payment.id, { status: "FAILED", reason: error.code });
      return "refused" as const;
    }
  }

  /** Asks the provider about an open payment and applies the answer; the next check is pushed back either way. */
  async function askProvider(payment: PaymentRow) {
    const paymentId = payment.id;
    let answer: ProviderAnswer | null = null;
    try {
      answer = await clientOf(payment.provider).status(paymentId);
    } catch (error) {
      if (!(error instanceof ProviderError) || !error.retryable) throw error;
      log.warn({ err: error, payment: paymentId }, "payment status not answered; asking again later");
    }
    if (
      answer?.status === "SUCCESSFUL" &&
      (Number(answer.amount) !== payment.amount || answer.currency !== payment.currency)
    ) {
      // Never activate on a payment that is not what was asked: an operator looks at it (decision 048).
      log.error({ payment: paymentId, answer }, "the provider reports another amount or currency than was requested");
      return states.settle(paymentId, { status: "FAILED", reason: "AMOUNT_MISMATCH" });
    }
    if (answer?.status === "SUCCESSFUL") {
      return states.settle(paymentId, { status: "SUCCESSFUL", financialTransactionId: answer.transactionId });
    }
    if (answer?.status === "FAILED") return states.settle(paymentId, { status: "FAILED", reason: answer.reason });
    if (Date.now() - new Date(payment.created_at).getTime() > PAYMENT_GIVE_UP_MS) {
      return states.settle(paymentId, { status: "FAILED", reason: "EXPIRED" });
    }
    // The provider never got the request (its answer was lost before it arrived): send it again, same id.
    if (answer?.status === "NOT_FOUND") await sendRequest(payment);
    else if (answer?.status === "PENDING" && payment.status === "requesting") await states.accepted(paymentId);
    await db.execute(sql`
      update payments set checks = checks + 1,
        next_check_at = now() + ${nextCheckSeconds(payment.checks)} * interval '1 second', updated_at = now()
      where id = ${paymentId} and status in ('requesting', 'pending')`);
  }

  return {
    clientOf,
    sendRequest,

    /**
     * Asks the provider once about an open payment, if it is this caller's turn: false, and nothing asked, when the
     * payment is no longer open or its provider was asked about it less than PROVIDER_CHECK_INTERVAL_SECONDS ago (by
     * any process).
     */
    async check(paymentId: string): Promise<boolean> {
      if (!(await claimProviderCheck(db, paymentId, PROVIDER_CHECK_INTERVAL_SECONDS))) return false;
      const payment = await findPayment(db, paymentId);
      if (payment && isOpen(payment.status)) await askProvider(payment);
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
