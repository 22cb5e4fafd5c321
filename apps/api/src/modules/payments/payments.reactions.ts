import { BRAND } from "@waterside/shared/brand";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import type { Jobs } from "../../lib/jobs.ts";
import type { Mailer } from "../../lib/mailer.ts";
import type { PaymentRow } from "./payments.queries.ts";
import type { PaymentsService } from "./payments.service.ts";
import { PAYMENT_PROVIDER_DEFINITIONS } from "./providers/payment-providers.ts";

/** How long a receipt's job may run before another process takes it over (decision 096). */
export const RECEIPT_EXPIRY_SECONDS = 120;

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

  // The job is the receipt's claim (decision 096): pg-boss hands it to one process at a time, and a run cut off by a
  // crash (the process gone after it took the job, before or while mailing) is run again by whichever process is up
  // once the queue's expiry has passed. receipt_sent_at is written once the mail is handed over, so a run after that
  // (its completion lost in a crash) mails nothing. SMTP has no idempotent send: only a crash in the instant between
  // the server's "250 OK" and that write mails twice, and the fixed Message-ID lets mail clients show one.
  jobs.work(
    "payments.send-receipt",
    async ({ paymentId }) => {
      const [state] = await db.execute<{ sent: boolean; email: string | null; name: string | null }>(sql`
        select p.receipt_sent_at is not null as sent, u.email, u.name
        from payments p left join users u on u.id = p.user_id and u.deleted_at is null where p.id = ${paymentId}`);
      if (!state || state.sent) return;
      const payment = (await payments.receiptOf(paymentId))!;
      // An account created by phone has no email until it adds one (decision 068); its receipts are in Payments.
      if (state.email) {
        const wallet = PAYMENT_PROVIDER_DEFINITIONS[payment.provider].name;
        await mailer.send({
          to: state.email,
          subject: `${BRAND} receipt: ${payment.package_name}`,
          headers: { "Message-ID": `<receipt-${payment.id}@${new URL(publicUrl).hostname}>` },
          text:
            `Hello ${state.name},\n\nThank you for your payment.\n\n` +
            `Package: ${payment.package_name}${payment.ad_title ? ` for "${payment.ad_title}"` : " (business plan)"}\n` +
            `Amount: ${amountLine(payment)}\n` +
            `Paid from: ${payment.phone_number} (${wallet})\n` +
            `${wallet} transaction: ${payment.financial_transaction_id ?? "–"}\n` +
            `Our reference: ${payment.id}\n` +
            `Date: ${new Date(payment.completed_at ?? Date.now()).toUTCString()}\n\n` +
            `Your subscriptions: ${publicUrl}/profile?tab=subscriptions\n\n` +
            `Boosts are not refundable (terms and conditions).\n`,
        });
      }
      await db.execute(sql`update payments set receipt_sent_at = now() where id = ${paymentId}`);
    },
    // Longer than the mailer's worst send (its SMTP timeouts, lib/mailer.ts), so a slow send is never run twice at
    // once; short, so a receipt cut off by a crash goes out within about three minutes (expiry, a maintenance round,
    // the first retry's 5-10 s). A failed send (SMTP down) is tried again eight times over 20 to 40 minutes.
    { expireInSeconds: RECEIPT_EXPIRY_SECONDS, retryLimit: 8, retryDelay: 5, retryBackoff: true },
  );
}
