import { PAYMENT_MESSAGES, type TPaymentProvider } from "@waterside/shared/payments-messages";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/database.ts";
import { HttpError } from "../../plugins/errors.ts";
import type { PaymentStates } from "./payment-states.ts";
import { claimProviderCheck, findPayment, type PaymentRow } from "./payments.queries.ts";
import { createProviderProtocol, PROVIDER_CHECK_INTERVAL_SECONDS } from "./provider-protocol.ts";
import type { PaymentProviderClients } from "./providers/provider.ts";

export { PROVIDER_CHECK_INTERVAL_SECONDS };

/** Providers expire an unapproved request within minutes; after a day without an answer we stop asking (spec §4). */
export const PAYMENT_GIVE_UP_MS = 24 * 60 * 60 * 1000;

/**
 * How payments use their provider (decision 048, issue 30): the request that prompts the payer, sent again if the
 * provider never got it, and status checks, at most one per payment per interval across processes, whose answers
 * move the payment (`payment-states.ts`). The protocol itself is `provider-protocol.ts`, shared with payouts; which
 * provider a payment goes through is its row's `provider`; what each one speaks is its adapter in `providers/`.
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

  const protocol = createProviderProtocol<
    Pick<PaymentRow, "id" | "provider" | "amount" | "currency" | "phone_number" | "package_name" | "deal_id">,
    PaymentRow
  >({
    rows: {
      find: (id) => findPayment(db, id),
      claimCheck: (id, intervalSeconds) => claimProviderCheck(db, id, intervalSeconds),
      async checkLater(id, seconds) {
        await db.execute(sql`
          update payments set checks = checks + 1, next_check_at = now() + ${seconds} * interval '1 second',
            updated_at = now()
          where id = ${id} and status in ('requesting', 'pending')`);
      },
      accepted: states.accepted,
      settle: states.settle,
    },
    // Asks the provider to prompt the payer.
    send: (payment) =>
      clientOf(payment.provider).request({
        id: payment.id,
        amount: payment.amount,
        currency: payment.currency,
        phone: payment.phone_number,
        // What the payer's phone shows they pay for: the boost's package, or the safe deal (issue 33).
        packageName: payment.package_name ?? `Safe deal ${payment.deal_id}`,
      }),
    ask: (payment) => clientOf(payment.provider).status(payment.id),
    giveUpMs: PAYMENT_GIVE_UP_MS,
    // Never activate on a payment that is not what was asked: an operator looks at it (decision 048).
    onMismatch: "fail",
    noun: "payment",
    log,
  });

  return {
    clientOf,
    /** Asks the provider to prompt the payer: "accepted", "unknown" (the reconciler follows it up) or "refused". */
    sendRequest: protocol.send,
    /**
     * Asks the provider once about an open payment, if it is this caller's turn: false, and nothing asked, when the
     * payment is no longer open or its provider was asked about it less than PROVIDER_CHECK_INTERVAL_SECONDS ago.
     */
    check: protocol.check,

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
