import { randomUUID } from "node:crypto";
import type { TPaged } from "@waterside/shared/api-envelope";
import { momoReasonText } from "@waterside/shared/momo-reasons";
import type {
  TPackage,
  TPayment,
  TPaymentStatus,
  TRequestPayment,
  TSubscription,
  TSubscriptionsQuery,
} from "@waterside/shared/payments";
import { PAYMENT_MESSAGES, SUBSCRIPTIONS_PAGE } from "@waterside/shared/payments-messages";
import { AD_STATUS, USER_TYPE } from "@waterside/shared/reference-ids";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/database.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import type { DomainEvents } from "../../lib/domain-events.ts";
import type { Jobs } from "../../lib/jobs.ts";
import { isMomoReferenceId, type MomoClient } from "../../lib/momo.ts";
import { toPage } from "../../lib/paging.ts";
import { fieldError, HttpError, notFound } from "../../plugins/errors.ts";
import { createMomoProtocol, PROVIDER_CHECK_INTERVAL_SECONDS } from "./momo-protocol.ts";
import { createPaymentStates, isOpen, publicStatus } from "./payment-states.ts";
import {
  claimDuePayments,
  findActiveSubscription,
  findOwnAd,
  findPackages,
  findPayment,
  findPayments,
  findSubscription,
  findSubscriptions,
  type PackageRow,
  type PaymentRow,
  type SubscriptionRow,
} from "./payments.queries.ts";

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

export function toSubscription(row: SubscriptionRow): TSubscription {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    start_date: iso(row.start_date),
    end_date: iso(row.end_date),
    package: { id: row.package_id, name: row.package_name, price: row.package_price },
    ad_id: row.ad_id,
    ad: row.ad_id === null || row.ad_title === null ? null : { id: row.ad_id, title: row.ad_title },
    created_at: iso(row.created_at)!,
  };
}

const toPackage = (row: PackageRow): TPackage => ({
  id: row.id,
  name: row.name,
  price: row.price,
  description: row.description,
  type: row.type,
  duration_days: row.duration_days,
});

function toPayment(row: PaymentRow): TPayment {
  return {
    transaction_id: row.id,
    status: publicStatus(row.status),
    reason: row.reason && momoReasonText(row.reason),
    provider: row.provider,
    amount: row.amount,
    currency: row.currency,
    amount_usd: row.amount_usd,
    usd_lrd: row.usd_lrd,
    phone_number: row.phone_number,
    package: { id: row.package_id, name: row.package_name },
    ad: row.ad_id === null || row.ad_title === null ? null : { id: row.ad_id, title: row.ad_title },
    financial_transaction_id: row.financial_transaction_id,
    created_at: iso(row.created_at)!,
    completed_at: iso(row.completed_at),
  };
}

/**
 * Boosts paid with MTN Mobile Money (second document §4 "Payment flow", decision 048). A payment's row is written
 * before MTN hears of it; every answer (the request's, a status poll's, a callback's check, the reconciler's) moves
 * it forward through one guarded update, so a successful payment activates exactly one subscription however many
 * answers arrive at once, on however many processes. What MTN is asked and when is `momo-protocol.ts`, how a payment
 * moves is `payment-states.ts`, and what a successful one starts is `subscription-activation.ts`.
 */
export function createPaymentsService({
  db,
  events,
  jobs,
  momo,
  currency,
  log,
}: {
  db: Database;
  events: DomainEvents;
  jobs: Jobs;
  /** null: no MTN account is configured (production without MOMO_*), so nothing can be paid. */
  momo: MomoClient | null;
  /** The MTN account's currency; packages are priced in it (decision 048). */
  currency: string;
  log: Pick<FastifyBaseLogger, "warn" | "error">;
}) {
  const states = createPaymentStates({ db, events, jobs });
  const protocol = createMomoProtocol({ db, momo, states, log });

  async function paymentOf(userId: number, transactionId: string) {
    const payment = isMomoReferenceId(transactionId) ? await findPayment(db, transactionId) : undefined;
    if (!payment || payment.user_id !== userId) throw notFound("Payment");
    return payment;
  }

  return {
    /** GET /packages/{id}: the active packages of a kind, or one package, cheapest first. */
    async packages(id: "ad" | "user" | number): Promise<TPackage[]> {
      const rows = await findPackages(db, typeof id === "number" ? { id } : { type: id });
      if (typeof id === "number" && !rows.length) throw notFound("Package");
      return rows.map(toPackage);
    },

    /** POST /payments/momo: writes the payment and its waiting subscription, then asks MTN to prompt the payer. */
    async request(user: { userId: number; usertypeId: number }, input: TRequestPayment) {
      protocol.mtn();
      const [pack] = await findPackages(db, { id: input.package_id });
      if (!pack) throw fieldError("package_id", "Choose a package.");
      let adId: number | null = null;
      if (pack.type === "ad") {
        if (input.ad_id === undefined) throw fieldError("ad_id", "Choose an ad.");
        const ad = await findOwnAd(db, input.ad_id);
        if (!ad) throw notFound("Ad");
        if (ad.user_id !== user.userId) throw new HttpError(403, PAYMENT_MESSAGES.notYourAd);
        if (ad.status_id !== AD_STATUS.active) throw fieldError("ad_id", PAYMENT_MESSAGES.adNotActive);
        adId = ad.id;
      } else {
        if (input.ad_id !== undefined) throw fieldError("package_id", PAYMENT_MESSAGES.packageType);
        if (user.usertypeId !== USER_TYPE.company) throw new HttpError(403, PAYMENT_MESSAGES.businessOnly);
      }
      const running = await findActiveSubscription(db, user.userId, pack.type, adId);
      if (running?.package_id === pack.id) throw fieldError("package_id", PAYMENT_MESSAGES.alreadySubscribed);

      const id = randomUUID();
      try {
        await db.transaction(async (tx) => {
          await tx.execute(sql`
            insert into payments (id, user_id, package_id, ad_id, type, amount, currency, amount_usd, phone_number,
              next_check_at)
            values (${id}, ${user.userId}, ${pack.id}, ${adId}, ${pack.type}, ${pack.price}, ${currency}, ${pack.price},
              ${input.phone_number}, now() + interval '30 seconds')`);
          await tx.execute(sql`
            insert into subscriptions (user_id, ad_id, package_id, type, status, payment_id)
            values (${user.userId}, ${adId}, ${pack.id}, ${pack.type}, 'pending', ${id})`);
        });
      } catch (error) {
        if (isUniqueViolation(error, "payments_one_open_unique"))
          throw new HttpError(409, PAYMENT_MESSAGES.paymentWaiting);
        throw error;
      }
      const sent = await protocol.sendRequest({
        id,
        amount: pack.price,
        phone_number: input.phone_number,
        package_name: pack.name,
      });
      if (sent === "refused") {
        const failed = await findPayment(db, id);
        // MTN refused it for good (mostly the payer's number or account): said on the number, in plain words.
        throw fieldError("phone_number", `${PAYMENT_MESSAGES.requestFailed}: ${momoReasonText(failed?.reason ?? "")}`);
      }
      return { transaction_id: id };
    },

    /**
     * GET /payments/momo/status: says where the payment stands. While it is open MTN is asked first, unless it was
     * asked less than PROVIDER_CHECK_INTERVAL_SECONDS ago: then, as for a final payment, the stored state answers.
     */
    async status(userId: number, transactionId: string): Promise<TPaymentStatus> {
      let payment = await paymentOf(userId, transactionId);
      if (isOpen(payment.status)) {
        const asked = await protocol.check(payment.id).catch((error: unknown) => {
          log.error({ err: error, payment: payment.id }, "checking a payment's status failed");
          return true; // it may have moved the payment before failing
        });
        if (asked) payment = (await findPayment(db, payment.id))!;
      }
      const subscription = await findSubscription(db, { paymentId: payment.id });
      return {
        transaction_id: payment.id,
        status: publicStatus(payment.status),
        reason: payment.reason && momoReasonText(payment.reason),
        subscription: subscription ? toSubscription(subscription) : null,
      };
    },

    /**
     * A callback from MTN: its body is not believed. Its externalId (our transaction id) only says which payment to
     * ask MTN about, soon, on the job queue.
     */
    async callback(transactionId: string) {
      if (!isMomoReferenceId(transactionId)) return;
      const payment = await findPayment(db, transactionId);
      if (!payment || !isOpen(payment.status)) return;
      await jobs.send("payments.check", { paymentId: payment.id }, { singletonKey: `payment-check:${payment.id}` });
    },

    /**
     * The check a callback queued. A callback says MTN has a final answer; if MTN was asked moments ago (perhaps just
     * before that answer), the reconciler's next check is brought forward to the end of the interval, so the answer
     * waits seconds rather than the backoff.
     */
    async checkAfterCallback(paymentId: string, followUp = false) {
      if (await protocol.check(paymentId)) return;
      await protocol.checkSoon(paymentId);
      // The reconciler runs once a minute: the callback's news is fetched by a check of its own once the interval
      // that held it back is over (MTN was asked less than one interval ago). That check queues no other, so forged
      // callbacks cannot start chains of checks; the reconciler remains the backstop.
      if (followUp) return;
      const payment = await findPayment(db, paymentId);
      if (!payment || !isOpen(payment.status)) return;
      const turn = new Date(Date.now() + PROVIDER_CHECK_INTERVAL_SECONDS * 1000);
      await jobs.send("payments.check", { paymentId, followUp: true }, { startAfter: turn });
    },

    /** The reconciler: every open payment whose next check is due is asked about, so a lost callback costs nothing. */
    async reconcile(limit = 50) {
      const due = await db.transaction((tx) => claimDuePayments(tx, limit, 120));
      for (const { id } of due) {
        // Skipped when MTN was asked about it moments ago: that asker applies the answer and sets the next check.
        await protocol
          .check(id)
          .catch((error: unknown) => log.error({ err: error, payment: id }, "reconciling a payment failed"));
      }
      return due.length;
    },

    /** Ends the boosts whose time is up; lists follow at once (the subscriptions trigger clears their caches). */
    async expireSubscriptions() {
      return events.transaction(db, async (tx, publish) => {
        const ended = await tx.execute<{ user_id: number; ad_id: number | null }>(sql`
          update subscriptions set status = 'expired', updated_at = now()
          where status = 'active' and end_date <= now() returning user_id, ad_id`);
        for (const row of ended) await publish("subscription.changed", { userId: row.user_id, adId: row.ad_id });
        return ended.length;
      });
    },

    /** POST /subscriptions/cancel: the owner stops a running boost; no refund, it stays listed as canceled. */
    async cancel(userId: number, { id, type }: { id: number; type: "ad" | "user" }) {
      const subscription = await findSubscription(db, { id });
      if (!subscription || subscription.user_id !== userId || subscription.type !== type)
        throw notFound("Subscription");
      if (subscription.status !== "active") throw fieldError("id", PAYMENT_MESSAGES.notCancelable);
      await events.transaction(db, async (tx, publish) => {
        await tx.execute(sql`
          update subscriptions set status = 'canceled', updated_at = now() where id = ${id} and status = 'active'`);
        await publish("subscription.changed", { userId, adId: subscription.ad_id });
      });
      return toSubscription((await findSubscription(db, { id }))!);
    },

    async subscriptions(userId: number, query: TSubscriptionsQuery, pageUrl: string): Promise<TPaged<TSubscription>> {
      const page = query.page ?? 1;
      const perPage = query.per_page ?? SUBSCRIPTIONS_PAGE;
      const { rows, total } = await findSubscriptions(db, userId, query, {
        limit: perPage,
        offset: (page - 1) * perPage,
      });
      return toPage(rows.map(toSubscription), total, page, perPage, { path: pageUrl, query });
    },

    async payments(userId: number, page: number, pageUrl: string): Promise<TPaged<TPayment>> {
      const { rows, total } = await findPayments(db, userId, {
        limit: SUBSCRIPTIONS_PAGE,
        offset: (page - 1) * SUBSCRIPTIONS_PAGE,
      });
      return toPage(rows.map(toPayment), total, page, SUBSCRIPTIONS_PAGE, pageUrl);
    },

    /** The receipt mailed to the payer once a payment succeeded (beyond the spec: a paper trail). */
    receiptOf: (paymentId: string) => findPayment(db, paymentId),
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
