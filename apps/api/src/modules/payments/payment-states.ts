import { sql } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import type { DomainEvents } from "../../lib/domain-events.ts";
import type { Jobs } from "../../lib/jobs.ts";
import type { Settlement } from "./provider-protocol.ts";
import { activateSubscription, isBoostPayment } from "./subscription-activation.ts";
import type { PaymentRow } from "./payments.queries.ts";

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** A payment's id: a UUID v4 we make, its provider's reference too (MTN's X-Reference-Id, pawaPay's depositId). */
export const isPaymentId = (value: string) => UUID_V4.test(value);

export { isOpen } from "./provider-protocol.ts";

/** The spec's three statuses: a payment is pending until its provider settles it. */
export const publicStatus = (status: PaymentRow["status"]) =>
  status === "successful" ? "completed" : status === "failed" ? "failed" : "pending";

/**
 * A payment's states (decision 048), whatever its provider: `requesting` (written before the provider hears of it) →
 * `pending` (the provider accepted the request) → `successful` | `failed`. Each move is one update guarded by the
 * states it leaves, so of any number of concurrent answers, on any number of processes, the first moves the payment
 * and the others find nothing to move.
 */
export function createPaymentStates({ db, events, jobs }: { db: Database; events: DomainEvents; jobs: Jobs }) {
  return {
    /** The provider has the request and is prompting the payer. */
    async accepted(paymentId: string) {
      await db.execute(sql`
        update payments set status = 'pending', updated_at = now() where id = ${paymentId} and status = 'requesting'`);
    },

    /**
     * Applies the provider's final answer. Only a payment still open moves, and the move and what follows from it (the
     * subscription, the receipt) commit together.
     */
    async settle(paymentId: string, answer: Settlement) {
      await events.transaction(db, async (tx, publish) => {
        if (answer.status === "SUCCESSFUL") {
          const [payment] = await tx.execute<PaymentRow & Record<string, unknown>>(sql`
            update payments set status = 'successful', financial_transaction_id = ${answer.financialTransactionId ?? null},
              completed_at = now(), updated_at = now()
            where id = ${paymentId} and status in ('requesting', 'pending')
            returning id, user_id, package_id, ad_id, type, deal_id, amount::float8 as amount, currency`);
          if (!payment) return;
          if (!isBoostPayment(payment)) {
            // A safe deal's money arrived: the deal holds it (issue 33), in this transaction.
            await publish("deal-payment.settled", {
              paymentId,
              dealId: payment.deal_id!,
              status: "successful",
              reason: null,
            });
            return;
          }
          await activateSubscription(tx, publish, payment);
          await jobs.send("payments.send-receipt", { paymentId }, { tx });
        } else {
          const [payment] = await tx.execute<{ id: string; deal_id: number | null }>(sql`
            update payments set status = 'failed', reason = ${answer.reason ?? "FAILED"}, completed_at = now(),
              updated_at = now()
            where id = ${paymentId} and status in ('requesting', 'pending')
            returning id, deal_id`);
          if (!payment) return;
          if (payment.deal_id !== null) {
            await publish("deal-payment.settled", {
              paymentId,
              dealId: payment.deal_id,
              status: "failed",
              reason: answer.reason ?? "FAILED",
            });
            return;
          }
          // A failed payment buys nothing: its waiting subscription goes (the payment keeps the trail).
          await tx.execute(sql`delete from subscriptions where payment_id = ${paymentId} and status = 'pending'`);
        }
      });
    },
  };
}

export type PaymentStates = ReturnType<typeof createPaymentStates>;
