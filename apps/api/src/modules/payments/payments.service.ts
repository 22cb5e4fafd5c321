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
import type { Database, Transaction } from "../../db/database.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import type { DomainEvents, Publish } from "../../lib/domain-events.ts";
import type { Jobs } from "../../lib/jobs.ts";
import { toPage } from "../../lib/paging.ts";
import {
  cleanMomoNote,
  isMomoReferenceId,
  MomoError,
  type MomoClient,
  type RequestToPayStatus,
} from "../../lib/momo.ts";
import { fieldError, HttpError, notFound } from "../../plugins/errors.ts";
import {
  claimDuePayments,
  claimProviderCheck,
  findActiveSubscription,
  findOwnAd,
  findPackage,
  findPackages,
  findPayment,
  findPayments,
  findSubscription,
  findSubscriptions,
  type PackageRow,
  type PaymentRow,
  type SubscriptionRow,
} from "./payments.queries.ts";

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
const DAY_MS = 86_400_000;
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

const publicStatus = (status: PaymentRow["status"]) =>
  status === "successful" ? "completed" : status === "failed" ? "failed" : "pending";

function toPayment(row: PaymentRow): TPayment {
  return {
    transaction_id: row.id,
    status: publicStatus(row.status),
    reason: row.reason && momoReasonText(row.reason),
    amount: row.amount,
    currency: row.currency,
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
 * answers arrive at once, on however many processes.
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
      await db.execute(sql`
        update payments set status = 'pending', updated_at = now() where id = ${payment.id} and status = 'requesting'`);
      return "accepted" as const;
    } catch (error) {
      if (!(error instanceof MomoError)) throw error;
      if (error.retryable) {
        // MTN may or may not have it: the reconciler asks, and sends it again if MTN never got it.
        log.warn({ err: error, payment: payment.id }, "MoMo request to pay not answered; the reconciler retries");
        return "unknown" as const;
      }
      await settle(payment.id, { status: "FAILED", reason: error.code });
      return "refused" as const;
    }
  }

  /**
   * Applies MTN's answer. Only a payment still open moves, and the move and what follows from it (the subscription,
   * the receipt) commit together: the first of any number of concurrent answers wins, the rest find nothing open.
   */
  async function settle(
    paymentId: string,
    answer: { status: "SUCCESSFUL" | "FAILED"; reason?: string; financialTransactionId?: string },
  ) {
    await events.transaction(db, async (tx, publish) => {
      if (answer.status === "SUCCESSFUL") {
        const [payment] = await tx.execute<PaymentRow & Record<string, unknown>>(sql`
          update payments set status = 'successful', financial_transaction_id = ${answer.financialTransactionId ?? null},
            completed_at = now(), updated_at = now()
          where id = ${paymentId} and status in ('requesting', 'pending')
          returning id, user_id, package_id, ad_id, type`);
        if (!payment) return;
        await activate(tx, publish, payment);
        await jobs.send("payments.send-receipt", { paymentId }, { tx });
      } else {
        const [payment] = await tx.execute<{ id: string }>(sql`
          update payments set status = 'failed', reason = ${answer.reason ?? "FAILED"}, completed_at = now(),
            updated_at = now()
          where id = ${paymentId} and status in ('requesting', 'pending')
          returning id`);
        if (!payment) return;
        // A failed payment buys nothing: its waiting subscription goes (the payment keeps the trail).
        await tx.execute(sql`delete from subscriptions where payment_id = ${paymentId} and status = 'pending'`);
      }
    });
  }

  /**
   * Starts the subscription the payment bought, for a period of its package from now. An upgrade (another package on
   * a running boost) ends the running one and carries its unused time over at its value: the days left times the
   * old price over the new (decision 048).
   */
  async function activate(
    tx: Transaction,
    publish: Publish,
    payment: Pick<PaymentRow, "id" | "user_id" | "package_id" | "ad_id" | "type">,
  ) {
    const now = Date.now();
    // The package as it is now, even if it has since been withdrawn from sale: it was paid for.
    const pack = (await findPackage(tx, payment.package_id))!;
    const running = await findActiveSubscription(tx, payment.user_id, payment.type, payment.ad_id);
    let carriedMs = 0;
    if (running) {
      const left = Math.max(0, new Date(running.end_date!).getTime() - now);
      carriedMs = pack.price > 0 ? Math.floor((left * running.package_price) / pack.price) : 0;
      await tx.execute(sql`
        update subscriptions set status = 'canceled', end_date = now(), updated_at = now() where id = ${running.id}`);
    }
    const end = new Date(now + pack.duration_days * DAY_MS + carriedMs);
    const [started] = await tx.execute<{ id: number }>(sql`
      update subscriptions set status = 'active', start_date = now(), end_date = ${end.toISOString()}, updated_at = now()
      where payment_id = ${payment.id} returning id`);
    if (!started) {
      // The waiting row was removed (an account clean-up): the money came, so the boost starts all the same.
      await tx.execute(sql`
        insert into subscriptions (user_id, ad_id, package_id, type, status, start_date, end_date, payment_id)
        values (${payment.user_id}, ${payment.ad_id}, ${payment.package_id}, ${payment.type}, 'active', now(),
          ${end.toISOString()}, ${payment.id})`);
    }
    await publish("subscription.changed", { userId: payment.user_id, adId: payment.ad_id });
  }

  /**
   * Asks MTN once about an open payment, if it is this caller's turn: false, and nothing asked, when the payment is
   * no longer open or MTN was asked about it less than PROVIDER_CHECK_INTERVAL_SECONDS ago (by any process).
   */
  async function check(paymentId: string): Promise<boolean> {
    if (!(await claimProviderCheck(db, paymentId, PROVIDER_CHECK_INTERVAL_SECONDS))) return false;
    const payment = await findPayment(db, paymentId);
    if (payment && (payment.status === "requesting" || payment.status === "pending")) await askMtn(payment);
    return true;
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
      return settle(paymentId, { status: "FAILED", reason: "AMOUNT_MISMATCH" });
    }
    if (answer?.status === "SUCCESSFUL" || answer?.status === "FAILED") {
      return settle(paymentId, {
        status: answer.status,
        reason: answer.reason,
        financialTransactionId: answer.financialTransactionId,
      });
    }
    if (Date.now() - new Date(payment.created_at).getTime() > PAYMENT_GIVE_UP_MS) {
      return settle(paymentId, { status: "FAILED", reason: "EXPIRED" });
    }
    // MTN never got the request (its answer was lost before it arrived): send it again, same reference id.
    if (answer?.status === "NOT_FOUND") await sendRequest(payment);
    else if (answer?.status === "PENDING" && payment.status === "requesting") {
      await db.execute(sql`update payments set status = 'pending', updated_at = now() where id = ${paymentId}
        and status = 'requesting'`);
    }
    await db.execute(sql`
      update payments set checks = checks + 1,
        next_check_at = now() + ${nextCheckSeconds(payment.checks)} * interval '1 second', updated_at = now()
      where id = ${paymentId} and status in ('requesting', 'pending')`);
  }

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
      mtn();
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
            insert into payments (id, user_id, package_id, ad_id, type, amount, currency, phone_number, next_check_at)
            values (${id}, ${user.userId}, ${pack.id}, ${adId}, ${pack.type}, ${pack.price}, ${currency},
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
      const sent = await sendRequest({
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
      if (payment.status === "requesting" || payment.status === "pending") {
        const asked = await check(payment.id).catch((error: unknown) => {
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
      if (!payment || (payment.status !== "requesting" && payment.status !== "pending")) return;
      await jobs.send("payments.check", { paymentId: payment.id }, { singletonKey: `payment-check:${payment.id}` });
    },

    /**
     * The check a callback queued. A callback says MTN has a final answer; if MTN was asked moments ago (perhaps just
     * before that answer), the reconciler's next check is brought forward to the end of the interval, so the answer
     * waits seconds rather than the backoff.
     */
    async checkAfterCallback(paymentId: string) {
      if (await check(paymentId)) return;
      await db.execute(sql`
        update payments set next_check_at =
          least(next_check_at, provider_checked_at + ${PROVIDER_CHECK_INTERVAL_SECONDS} * interval '1 second')
        where id = ${paymentId} and status in ('requesting', 'pending')`);
    },

    /** The reconciler: every open payment whose next check is due is asked about, so a lost callback costs nothing. */
    async reconcile(limit = 50) {
      const due = await db.transaction((tx) => claimDuePayments(tx, limit, 120));
      for (const { id } of due) {
        // Skipped when MTN was asked about it moments ago: that asker applies the answer and sets the next check.
        await check(id).catch((error: unknown) =>
          log.error({ err: error, payment: id }, "reconciling a payment failed"),
        );
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
