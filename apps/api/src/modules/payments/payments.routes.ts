import { envelope, paged } from "@waterside/shared/api-envelope";
import {
  ZCancelSubscription,
  ZPackage,
  ZPackagesParams,
  ZPayment,
  ZPaymentRequested,
  ZPaymentsQuery,
  ZPaymentStatus,
  ZPaymentStatusParams,
  ZSubscription,
  ZSubscriptionsQuery,
} from "@waterside/shared/payments";
import { PAYMENT_MESSAGES } from "@waterside/shared/payments-messages";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../../plugins/auth.ts";
import { notFound } from "../../plugins/errors.ts";
import { sendCacheable } from "../../plugins/http-cache.ts";
import { HOUR, ipKey, limit, MINUTE, userKey } from "../../plugins/rate-limit.ts";
import { isPaymentId } from "./payment-states.ts";
import type { PaymentsService } from "./payments.service.ts";
import { PAYMENT_PROVIDER_DEFINITIONS } from "./providers/payment-providers.ts";

/** Spec §9: packages are cached 10 minutes. */
const PACKAGES_CACHE_SECONDS = 600;
/** Payment requests per user and hour: each one rings the payer's phone. */
export const PAYMENT_REQUEST_LIMIT = { max: 10, timeWindow: HOUR };
/**
 * Status polls per user and minute: the wizard asks once per tap on Confirm. The provider itself is asked at most once
 * per PROVIDER_CHECK_INTERVAL_SECONDS per payment whatever the polls; this stops a script from holding the API busy.
 */
export const STATUS_POLL_LIMIT = { max: 60, timeWindow: MINUTE };
/** Callbacks per address and minute: a provider sends a few per payment; a flood only queues checks made anyway. */
export const CALLBACK_LIMIT = { max: 120, timeWindow: MINUTE };

/** Second document §7 packages, payments and subscriptions (decision 048), for each wallet provider (issue 30). */
export const paymentsRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (app, { payments }) => {
  const tags = ["payments"];

  app.get(
    "/packages/:id",
    {
      schema: {
        tags,
        summary: "Boost packages: /packages/ad for ads, /packages/user for business plans, or one package by its id",
        params: ZPackagesParams,
        response: { 200: envelope(z.array(ZPackage)) },
      },
    },
    async (request, reply) =>
      sendCacheable(request, reply, { data: await payments.packages(request.params.id) }, PACKAGES_CACHE_SECONDS),
  );

  // The same three routes for every provider, each with its own phone rule, callback body and allowances.
  for (const provider of Object.values(PAYMENT_PROVIDER_DEFINITIONS)) {
    const keyOf = (what: string) => `${provider.slug}-${what}`;
    const requesting = limit(app, { ...PAYMENT_REQUEST_LIMIT, key: userKey(keyOf("request")) });
    const callbacks = limit(app, { ...CALLBACK_LIMIT, key: ipKey(keyOf("callback")) });
    const polls = limit(app, { ...STATUS_POLL_LIMIT, key: userKey(keyOf("status")) });

    app.post(
      `/payments/${provider.slug}`,
      {
        onRequest: app.requireUser,
        preHandler: requesting,
        schema: {
          tags,
          summary: `Asks ${provider.name} to charge the phone for a package: its price in US$, or in L$ at the day's rate`,
          body: provider.requestBody,
          response: { 201: envelope(ZPaymentRequested) },
        },
      },
      async (request, reply) => {
        const { userId, usertypeId } = currentUser(request);
        const requested = await payments.request({ userId, usertypeId }, request.body, provider.id);
        return reply.status(201).send({ data: requested });
      },
    );

    app.get(
      `/payments/${provider.slug}/status/:a/:b`,
      {
        onRequest: app.requireUser,
        preHandler: polls,
        schema: {
          tags,
          summary: `Where a ${provider.name} payment stands (completed, failed with the reason, pending): transaction id and type in either order`,
          params: ZPaymentStatusParams,
          response: { 200: envelope(ZPaymentStatus) },
        },
      },
      async (request) => {
        const { a, b } = request.params;
        // The spec does not give the order of the two parts: the transaction id is the one that is a UUID.
        const transactionId = isPaymentId(a) ? a : isPaymentId(b) ? b : null;
        if (!transactionId) throw notFound("Payment");
        return { data: await payments.status(currentUser(request).userId, transactionId, provider.id) };
      },
    );

    app.route({
      method: provider.callback.methods,
      url: `/payments/${provider.slug}/callback`,
      preHandler: callbacks,
      schema: {
        tags,
        summary: provider.callback.summary,
        body: provider.callback.body,
        response: { 200: envelope(z.null()) },
      },
      handler: async (request) => {
        const paymentId = provider.callback.paymentIdOf(request.body);
        if (paymentId) await payments.callback(provider.id, paymentId);
        return { data: null };
      },
    });
  }

  app.get(
    "/subscriptions",
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "The user's ad boosts and business plans, newest first (filter by type, status and dates)",
        querystring: ZSubscriptionsQuery,
        response: { 200: envelope(paged(ZSubscription)) },
      },
    },
    async (request) => ({
      data: await payments.subscriptions(currentUser(request).userId, request.query, "/api/subscriptions"),
    }),
  );

  app.post(
    "/subscriptions/cancel",
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "Cancels one's running boost or business plan (no refund; it stays listed as canceled)",
        body: ZCancelSubscription,
        response: { 200: envelope(ZSubscription) },
      },
    },
    async (request) => ({
      data: await payments.cancel(currentUser(request).userId, request.body),
      message: PAYMENT_MESSAGES.canceled,
    }),
  );

  app.get(
    "/payments",
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "The user's Mobile Money payments, newest first: a paper trail with the wallets' transaction ids",
        querystring: ZPaymentsQuery,
        response: { 200: envelope(paged(ZPayment)) },
      },
    },
    async (request) => ({
      data: await payments.payments(currentUser(request).userId, request.query.page ?? 1, "/api/payments"),
    }),
  );
};
