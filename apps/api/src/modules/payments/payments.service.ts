import { randomUUID } from "node:crypto";
import type { TPaged } from "@waterside/shared/api-envelope";
import type {
  TPackage,
  TPayment,
  TPaymentStatus,
  TRequestPayment,
  TSubscription,
  TSubscriptionsQuery,
} from "@waterside/shared/payments";
import {
  PAYMENT_MESSAGES,
  SUBSCRIPTIONS_PAGE,
  walletCurrencyError,
  type TPaymentProvider,
} from "@waterside/shared/payments-messages";
import { AD_STATUS, USER_TYPE } from "@waterside/shared/reference-ids";
import type { TCurrency } from "@waterside/shared/money";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/database.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import type { DomainEvents } from "../../lib/domain-events.ts";
import type { Jobs } from "../../lib/jobs.ts";
import { toPage } from "../../lib/paging.ts";
import { fieldError, HttpError, notFound } from "../../plugins/errors.ts";
import { findLatestRate } from "../exchange-rates/latest-rate.ts";
import { lrdAmount } from "./payment-amount.ts";
import { createDealCollections } from "./deal-collections.ts";
import { createPaymentProtocol, PROVIDER_CHECK_INTERVAL_SECONDS } from "./payment-protocol.ts";
import { createPaymentStates, isOpen, isPaymentId, publicStatus } from "./payment-states.ts";
import {
  claimDuePayments,
  countPaymentsByState,
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
import { PAYMENT_PROVIDER_DEFINITIONS } from "./providers/payment-providers.ts";
import type { PaymentProviderClients } from "./providers/provider.ts";

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

/** A boost's payment (findPayments lists no deal's collection: those have no package). */
function toPayment(row: PaymentRow): TPayment {
  return {
    transaction_id: row.id,
    status: publicStatus(row.status),
    reason: row.reason && PAYMENT_PROVIDER_DEFINITIONS[row.provider].reasonText(row.reason),
    provider: row.provider,
    amount: row.amount,
    currency: row.currency,
    amount_usd: row.amount_usd,
    usd_lrd: row.usd_lrd,
    phone_number: row.phone_number,
    package: { id: row.package_id!, name: row.package_name! },
    ad: row.ad_id === null || row.ad_title === null ? null : { id: row.ad_id, title: row.ad_title },
    financial_transaction_id: row.financial_transaction_id,
    created_at: iso(row.created_at)!,
    completed_at: iso(row.completed_at),
  };
}

/**
 * Boosts paid with mobile money: MTN MoMo and Orange Money (second document §4 "Payment flow", decision 048, issue 30).
 * A payment's row is written before its provider hears of it; every answer (the request's, a status poll's, a
 * callback's check, the reconciler's) moves it forward through one guarded update, so a successful payment activates
 * exactly one subscription however many answers arrive at once, on however many processes. What a provider is asked
 * and when is `payment-protocol.ts` (the same for every provider; what each speaks is its adapter in `providers/`),
 * how a payment moves is `payment-states.ts`, and what a successful one starts is `subscription-activation.ts`.
 */
export function createPaymentsService({
  db,
  events,
  jobs,
  providers,
  log,
}: {
  db: Database;
  events: DomainEvents;
  jobs: Jobs;
  /** Each provider's configured account; null: none (production without its settings), nothing paid through it. */
  providers: PaymentProviderClients;
  log: Pick<FastifyBaseLogger, "warn" | "error">;
}) {
  const states = createPaymentStates({ db, events, jobs });
  const protocol = createPaymentProtocol({ db, providers, states, log });
  const dealCollections = createDealCollections({ db, protocol });
  const reasonText = (provider: TPaymentProvider, reason: string | null) =>
    reason && PAYMENT_PROVIDER_DEFINITIONS[provider].reasonText(reason);

  /** The user's own payment through this provider; any other is not found, as if it did not exist. */
  async function paymentOf(userId: number, transactionId: string, provider: TPaymentProvider) {
    const payment = isPaymentId(transactionId) ? await findPayment(db, transactionId) : undefined;
    if (!payment || payment.user_id !== userId || payment.provider !== provider) throw notFound("Payment");
    return payment;
  }

  /**
   * What a package costs in the chosen currency: its US$ price, or that at the rate in force now (issue 30), which
   * the payment keeps. No rate set: L$ cannot be paid.
   */
  async function priceIn(currency: TCurrency, usd: number) {
    if (currency === "USD") return { amount: usd, usdLrd: null };
    const rate = await findLatestRate(db);
    if (!rate) throw fieldError("currency", PAYMENT_MESSAGES.lrdUnavailable);
    return { amount: lrdAmount(usd, rate.usd_lrd), usdLrd: rate.usd_lrd };
  }

  return {
    /** Safe deals' collections from their buyers (issue 33), through this machinery. */
    dealCollections,

    /** Payments by provider and status, and how long the oldest open one has waited: for the metrics (issue 32). */
    async countsByState() {
      return [...(await countPaymentsByState(db))].map((row) => ({
        provider: row.provider,
        status: row.status,
        payments: row.payments,
        oldestOpenSeconds: row.oldest_open,
      }));
    },

    /** GET /packages/{id}: the active packages of a kind, or one package, cheapest first. */
    async packages(id: "ad" | "user" | number): Promise<TPackage[]> {
      const rows = await findPackages(db, typeof id === "number" ? { id } : { type: id });
      if (typeof id === "number" && !rows.length) throw notFound("Package");
      return rows.map(toPackage);
    },

    /**
     * POST /payments/{provider}: writes the payment and its waiting subscription, then asks the provider to prompt the
     * payer. The amount is the package's price in the chosen currency, never the client's (decision 048, issue 30).
     */
    async request(user: { userId: number; usertypeId: number }, input: TRequestPayment, provider: TPaymentProvider) {
      const client = protocol.clientOf(provider);
      // A client that names no currency (the spec's app) pays in the account's own: US$, or L$ at the rate for an
      // MTN account opened in Liberian dollars.
      const currency = input.currency ?? client.currencies[0]!;
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
      // An account holds the currencies it was opened in (MTN's one): another is refused before anyone is asked.
      if (!client.currencies.includes(currency)) {
        throw fieldError("currency", walletCurrencyError(provider, client.currencies));
      }
      const { amount, usdLrd } = await priceIn(currency, pack.price);

      const payment = {
        id: randomUUID(),
        provider,
        amount,
        currency: client.currencyCode(currency),
        phone_number: input.phone_number,
        package_name: pack.name,
        deal_id: null,
      };
      try {
        await db.transaction(async (tx) => {
          await tx.execute(sql`
            insert into payments (id, user_id, package_id, ad_id, type, provider, amount, currency, amount_usd, usd_lrd,
              phone_number, next_check_at)
            values (${payment.id}, ${user.userId}, ${pack.id}, ${adId}, ${pack.type}, ${provider}, ${amount},
              ${payment.currency}, ${pack.price}, ${usdLrd}, ${input.phone_number}, now() + interval '30 seconds')`);
          await tx.execute(sql`
            insert into subscriptions (user_id, ad_id, package_id, type, status, payment_id)
            values (${user.userId}, ${adId}, ${pack.id}, ${pack.type}, 'pending', ${payment.id})`);
        });
      } catch (error) {
        if (isUniqueViolation(error, "payments_one_open_unique"))
          throw new HttpError(409, PAYMENT_MESSAGES.paymentWaiting);
        throw error;
      }
      if ((await protocol.sendRequest(payment)) === "refused") {
        const failed = await findPayment(db, payment.id);
        // The provider refused it for good (mostly the payer's number or account): said on the number, in plain words.
        throw fieldError(
          "phone_number",
          `${PAYMENT_MESSAGES.requestFailed}: ${PAYMENT_PROVIDER_DEFINITIONS[provider].reasonText(failed?.reason)}`,
        );
      }
      return { transaction_id: payment.id };
    },

    /**
     * GET /payments/{provider}/status: says where the payment stands. While it is open its provider is asked first,
     * unless it was asked less than PROVIDER_CHECK_INTERVAL_SECONDS ago: then, as for a final payment, the stored
     * state answers.
     */
    async status(userId: number, transactionId: string, provider: TPaymentProvider): Promise<TPaymentStatus> {
      let payment = await paymentOf(userId, transactionId, provider);
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
        reason: reasonText(payment.provider, payment.reason),
        subscription: subscription ? toSubscription(subscription) : null,
      };
    },

    /**
     * A provider's callback: its body is not believed. The payment id it names only says which payment to ask that
     * provider about, soon, on the job queue; an id of another provider's payment is ignored.
     */
    async callback(provider: TPaymentProvider, transactionId: string) {
      if (!isPaymentId(transactionId)) return;
      const payment = await findPayment(db, transactionId);
      if (!payment || payment.provider !== provider || !isOpen(payment.status)) return;
      await jobs.send("payments.check", { paymentId: payment.id }, { singletonKey: `payment-check:${payment.id}` });
    },

    /**
     * The check a callback queued. A callback says the provider has a final answer; if it was asked moments ago (perhaps
     * just before that answer), the reconciler's next check is brought forward to the end of the interval, so the answer
     * waits seconds rather than the backoff.
     */
    async checkAfterCallback(paymentId: string, followUp = false) {
      if (await protocol.check(paymentId)) return;
      await protocol.checkSoon(paymentId);
      // The reconciler runs once a minute: the callback's news is fetched by a check of its own once the interval
      // that held it back is over (the provider was asked less than one interval ago). That check queues no other, so forged
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
        // Skipped when its provider was asked about it moments ago: that asker applies the answer and sets the next check.
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
