import { envelope, paged } from "@waterside/shared/api-envelope";
import {
  ZConfirmDeal,
  ZCreateCashDeal,
  ZCreateDeal,
  ZCreateUserReview,
  ZDeal,
  ZDealCreated,
  ZDealParams,
  ZDealsQuery,
  ZDisputeDeal,
  ZReleaseDeal,
  ZUserReview,
  ZUserReviewsParams,
  ZUserReviewsQuery,
} from "@waterside/shared/deals";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser } from "../../plugins/auth.ts";
import { HOUR, limit, userKey } from "../../plugins/rate-limit.ts";
import type { DealsService } from "./deals.service.ts";

/** Deals started per buyer and hour: each one rings the buyer's phone. */
export const DEAL_START_LIMIT = { max: 10, timeWindow: HOUR };
/**
 * Codes entered per user and hour, over every deal: a deal pauses entry after five wrong codes (DEAL_CODE_ATTEMPTS),
 * this stops one account trying codes across many deals.
 */
export const DEAL_CODE_LIMIT = { max: 30, timeWindow: HOUR };

/** Safe deals, cash deals and the reviews they allow (issue 33, decision 103). */
export const dealsRoutes: FastifyPluginAsyncZod<{ deals: DealsService }> = async (app, { deals }) => {
  const tags = ["deals"];
  const starting = limit(app, { ...DEAL_START_LIMIT, key: userKey("deal-start") });
  const coding = limit(app, { ...DEAL_CODE_LIMIT, key: userKey("deal-code") });
  const guarded = { onRequest: app.requireUser };

  app.post(
    "/deals",
    {
      ...guarded,
      preHandler: starting,
      schema: {
        tags,
        summary:
          "Starts a safe deal: the buyer's wallet (MTN MoMo or Orange Money, told by the number) is asked to pay",
        body: ZCreateDeal,
        response: { 201: envelope(ZDealCreated) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await deals.create(currentUser(request).userId, request.body) }),
  );

  app.post(
    "/deals/cash",
    {
      ...guarded,
      preHandler: starting,
      schema: {
        tags,
        summary: "The seller records a sale paid in cash; the buyer confirms it with the code the seller shows",
        body: ZCreateCashDeal,
        response: { 201: envelope(ZDeal) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await deals.createCash(currentUser(request).userId, request.body) }),
  );

  app.get(
    "/deals",
    {
      ...guarded,
      schema: {
        tags,
        summary: "The user's deals as buyer, seller or both, newest first, optionally of one status",
        querystring: ZDealsQuery,
        response: { 200: envelope(paged(ZDeal)) },
      },
    },
    async (request) => ({ data: await deals.list(currentUser(request).userId, request.query, "/api/deals") }),
  );

  app.get(
    "/deals/:id",
    {
      ...guarded,
      schema: { tags, summary: "One of the user's deals", params: ZDealParams, response: { 200: envelope(ZDeal) } },
    },
    async (request) => ({ data: await deals.get(currentUser(request).userId, request.params.id) }),
  );

  app.post(
    "/deals/:id/release",
    {
      ...guarded,
      preHandler: coding,
      schema: {
        tags,
        summary: "The seller enters the buyer's release code at handover: the money goes to the seller",
        params: ZDealParams,
        body: ZReleaseDeal,
        response: { 200: envelope(ZDeal) },
      },
    },
    async (request) => ({
      data: await deals.release(currentUser(request).userId, request.params.id, request.body.code),
    }),
  );

  app.post(
    "/deals/:id/confirm",
    {
      ...guarded,
      preHandler: coding,
      schema: {
        tags,
        summary: "The buyer has the item (a safe deal), or gives the seller's code (a cash deal)",
        params: ZDealParams,
        body: ZConfirmDeal,
        response: { 200: envelope(ZDeal) },
      },
    },
    async (request) => ({
      data: await deals.confirm(currentUser(request).userId, request.params.id, request.body?.code),
    }),
  );

  app.post(
    "/deals/:id/handed-over",
    {
      ...guarded,
      schema: {
        tags,
        summary: "The seller handed the item over: the deal releases itself in 72 hours unless the buyer disputes",
        params: ZDealParams,
        response: { 200: envelope(ZDeal) },
      },
    },
    async (request) => ({ data: await deals.handedOver(currentUser(request).userId, request.params.id) }),
  );

  app.post(
    "/deals/:id/dispute",
    {
      ...guarded,
      schema: {
        tags,
        summary: "Either party freezes a deal whose money is held; an admin decides release or refund",
        params: ZDealParams,
        body: ZDisputeDeal,
        response: { 200: envelope(ZDeal) },
      },
    },
    async (request) => ({
      data: await deals.dispute(currentUser(request).userId, request.params.id, request.body),
    }),
  );

  for (const [path, role] of [
    ["cancel", "buyer"],
    ["decline", "seller"],
  ] as const) {
    app.post(
      `/deals/:id/${path}`,
      {
        ...guarded,
        schema: {
          tags,
          summary: `The ${role} ${path}s the deal before any money is held`,
          params: ZDealParams,
          response: { 200: envelope(ZDeal) },
        },
      },
      async (request) => ({ data: await deals.cancel(currentUser(request).userId, request.params.id, role) }),
    );
  }

  app.post(
    "/user-reviews",
    {
      ...guarded,
      schema: {
        tags,
        summary: "A party of a completed deal rates the other, once: a verified-deal review",
        body: ZCreateUserReview,
        response: { 201: envelope(ZUserReview) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await deals.review(currentUser(request).userId, request.body) }),
  );

  app.get(
    "/users/:id/reviews",
    {
      schema: {
        tags,
        summary: "The reviews a user received from completed deals, newest first",
        params: ZUserReviewsParams,
        querystring: ZUserReviewsQuery,
        response: { 200: envelope(paged(ZUserReview)) },
      },
    },
    async (request) => ({
      data: await deals.reviewsOf(
        request.params.id,
        request.query.page ?? 1,
        `/api/users/${request.params.id}/reviews`,
      ),
    }),
  );
};
