import { BRAND } from "@waterside/shared/brand";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import type { Jobs } from "../../lib/jobs.ts";
import type { Mailer } from "../../lib/mailer.ts";
import type { PaymentRow } from "./payments.queries.ts";
import type { PaymentsService } from "./payments.service.ts";
import { PAYMENT_PROVIDER_DEFINITIONS } from "./providers/payment-providers.ts";

/**
 * What was charged, and for an L$ payment the package's US$ price and the rate it was converted at (issue 30):
 * "4750.00 LRD (US$ 25.00 at L$ 190 = US$ 1)".
 */
function amountLine(payment: Pick<PaymentRow, "amount" | "currency" | "amount_usd" | "usd_lrd">) {
  const charged = `${payment.amount.toFixed(2)} ${payment.currency}`;
  if (payment.usd_lrd === null) return charged;
  const rate = String(Number(payment.usd_lrd.toFixed(4)));
  return `${charged} (US$ ${payment.amount_usd.toFixed(2)} at L$ ${rate} = US$ 1)`;
}

/**
 * The payments' background work on the job queue (decision 048): a check when a provider calls back, the reconciler
 * every minute, expiry every five, and the receipt of each successful payment, mailed once.
 */
export function reactToPaymentsEvents({
  db,
  jobs,
  payments,
  mailer,
  publicUrl,
}: {
  db: Database;
  jobs: Jobs;
  payments: PaymentsService;
  mailer: Mailer;
  publicUrl: string;
}) {
  jobs.work("payments.check", ({ paymentId, followUp }) => payments.checkAfterCallback(paymentId, followUp));
  // Expiries a little over a normal run (decision 096): a run cut off by a crash holds the next back about two minutes,
  // not pg-boss' default quarter of an hour. A slow run past it may overlap the next; payments' moves are guarded.
  jobs.work("payments.reconcile", async () => void (await payments.reconcile()), {
    policy: "singleton",
    expireInSeconds: 90,
  });
  jobs.schedule("payments.reconcile", "* * * * *", {});
  jobs.work("payments.expire-subscriptions", async () => void (await payments.expireSubscriptions()), {
    policy: "singleton",
    expireInSeconds: 120,
  });
  jobs.schedule("payments.expire-subscriptions", "*/5 * * * *", {});

  jobs.work("payments.send-receipt", async ({ paymentId }) => {
    // Claimed first: a job run twice mails once. A mail that then fails is retried by the queue, claim released.
    const [claimed] = await db.execute<{ id: string }>(sql`
      update payments set receipt_sent_at = now() where id = ${paymentId} and receipt_sent_at is null returning id`);
    if (!claimed) return;
    const payment = (await payments.receiptOf(paymentId))!;
    const [payer] = await db.execute<{ email: string | null; name: string }>(sql`
      select email, name from users where id = ${payment.user_id} and deleted_at is null`);
    // An account created by phone has no email until it adds one (decision 068); its receipts are in Payments.
    if (!payer?.email) return;
    const wallet = PAYMENT_PROVIDER_DEFINITIONS[payment.provider].name;
    try {
      await mailer.send({
        to: payer.email,
        subject: `${BRAND} receipt: ${payment.package_name}`,
        text:
          `Hello ${payer.name},\n\nThank you for your payment.\n\n` +
          `Package: ${payment.package_name}${payment.ad_title ? ` for "${payment.ad_title}"` : " (business plan)"}\n` +
          `Amount: ${amountLine(payment)}\n` +
          `Paid from: ${payment.phone_number} (${wallet})\n` +
          `${wallet} transaction: ${payment.financial_transaction_id ?? "–"}\n` +
          `Our reference: ${payment.id}\n` +
          `Date: ${new Date(payment.completed_at ?? Date.now()).toUTCString()}\n\n` +
          `Your subscriptions: ${publicUrl}/profile?tab=subscriptions\n\n` +
          `Boosts are not refundable (terms and conditions).\n`,
      });
    } catch (error) {
      await db.execute(sql`update payments set receipt_sent_at = null where id = ${paymentId}`);
      throw error;
    }
  });
}
