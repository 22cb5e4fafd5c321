import { ZAdRating } from "@waterside/shared/ads";
import { envelope, paged } from "@waterside/shared/api-envelope";
import {
  ZAdIdParams,
  ZAdReviewsParams,
  ZCreateRating,
  ZCreateReply,
  ZCreateReview,
  ZIdParams,
  ZLikeResult,
  ZRatingParams,
  ZRatingResult,
  ZRepliesQuery,
  ZReply,
  ZReview,
  ZReviewIdParams,
  ZReviewsQuery,
  ZSellerRating,
  ZUpdateRating,
  ZUpdateReply,
  ZUpdateReview,
  ZUserIdParams,
} from "@waterside/shared/reviews";
import { REVIEW_MESSAGES } from "@waterside/shared/reviews-messages";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../../plugins/auth.ts";
import { limit, MINUTE, userKey } from "../../plugins/rate-limit.ts";
import { PATCH_OR_OVERRIDE } from "../../plugins/request-body.ts";
import type { ReviewsService } from "./reviews.service.ts";

/** Written words per user (decision 046): enough for anyone taking part, too few for a spam run. */
export const WRITING_LIMIT = { max: 30, windowMinutes: 60 };
/** Likes and stars per user per minute: a person taps, a script floods. */
export const TAPPING_LIMIT = { max: 60, windowMinutes: 1 };

const viewerOf = (principal: { kind: string; userId?: number } | null) =>
  principal?.kind === "user" ? (principal.userId ?? null) : null;

/** Spec §7 ratings, reviews and replies. Reading is public; writing needs a user (never an admin, spec §6). */
export const reviewsRoutes: FastifyPluginAsyncZod<{ reviews: ReviewsService }> = async (app, { reviews }) => {
  const writing = limit(app, {
    max: WRITING_LIMIT.max,
    timeWindow: WRITING_LIMIT.windowMinutes * MINUTE,
    key: userKey("write-review"),
  });
  const tapping = limit(app, {
    max: TAPPING_LIMIT.max,
    timeWindow: TAPPING_LIMIT.windowMinutes * MINUTE,
    key: userKey("tap-review"),
  });
  const tags = ["reviews"];

  app.post(
    "/ratings",
    {
      onRequest: app.requireUser,
      preHandler: tapping,
      schema: {
        tags,
        summary: "Rates an ad 1 to 5 stars; a second rating of the same ad updates the first (201 new, 200 updated)",
        body: ZCreateRating,
        response: { 200: envelope(ZRatingResult), 201: envelope(ZRatingResult) },
      },
    },
    async (request, reply) => {
      const { created, ...result } = await reviews.rate(
        currentUser(request).userId,
        request.body.ad_id,
        request.body.stars,
      );
      return reply
        .status(created ? 201 : 200)
        .send({ data: result, message: created ? REVIEW_MESSAGES.ratingAdded : REVIEW_MESSAGES.ratingUpdated });
    },
  );

  app.route({
    method: PATCH_OR_OVERRIDE,
    url: "/ratings/:rating_id",
    onRequest: app.requireUser,
    preHandler: tapping,
    schema: {
      tags,
      summary: "Changes the stars of one's own rating",
      params: ZRatingParams,
      body: ZUpdateRating,
      response: { 200: envelope(ZRatingResult) },
    },
    handler: async (request) => ({
      data: await reviews.changeRating(currentUser(request).userId, request.params.rating_id, request.body.stars),
      message: REVIEW_MESSAGES.ratingUpdated,
    }),
  });

  app.get(
    "/ratings/ad/:ad_id",
    {
      schema: {
        tags,
        summary: "An ad's stars per star with the caller's own rating: the ad page asks it after a cached render",
        params: ZAdIdParams,
        response: { 200: envelope(ZAdRating) },
      },
    },
    async (request) => ({ data: await reviews.adRating(request.params.ad_id, viewerOf(request.principal)) }),
  );

  app.get(
    "/ratings/user/:user_id",
    {
      schema: {
        tags,
        summary: "A seller's stars over all their active ads",
        params: ZUserIdParams,
        response: { 200: envelope(ZSellerRating) },
      },
    },
    async (request) => ({ data: await reviews.sellerRating(request.params.user_id) }),
  );

  app.get(
    "/reviews/ad/:adId",
    {
      schema: {
        tags,
        summary: "A page of an ad's reviews, each with its first replies (newest first; or by likes_count)",
        params: ZAdReviewsParams,
        querystring: ZReviewsQuery,
        response: { 200: envelope(paged(ZReview)) },
      },
    },
    async (request) => ({
      data: await reviews.listReviews(
        request.params.adId,
        viewerOf(request.principal),
        request.query,
        `/api/reviews/ad/${request.params.adId}`,
      ),
    }),
  );

  app.post(
    "/reviews",
    {
      onRequest: app.requireUser,
      preHandler: writing,
      schema: { tags, summary: "Writes a review of an ad", body: ZCreateReview, response: { 201: envelope(ZReview) } },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await reviews.createReview(currentUser(request).userId, request.body.ad_id, request.body.content),
        message: REVIEW_MESSAGES.reviewCreated,
      }),
  );

  app.route({
    method: PATCH_OR_OVERRIDE,
    url: "/reviews/:id",
    onRequest: app.requireUser,
    preHandler: writing,
    schema: {
      tags,
      summary: "Edits one's own review (marks it edited)",
      params: ZIdParams,
      body: ZUpdateReview,
      response: { 200: envelope(ZReview) },
    },
    handler: async (request) => ({
      data: await reviews.updateReview(currentUser(request).userId, request.params.id, request.body.content),
      message: REVIEW_MESSAGES.reviewUpdated,
    }),
  });

  app.delete(
    "/reviews/:id",
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "Deletes one's own review with its replies and likes",
        params: ZIdParams,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await reviews.deleteReview({ userId: currentUser(request).userId }, request.params.id);
      return { data: null, message: REVIEW_MESSAGES.reviewDeleted };
    },
  );

  app.post(
    "/reviews/:id/like",
    {
      onRequest: app.requireUser,
      preHandler: tapping,
      schema: {
        tags,
        summary: "Likes a review, or takes the like back (toggle)",
        params: ZIdParams,
        response: { 200: envelope(ZLikeResult) },
      },
    },
    async (request) => ({ data: await reviews.likeReview(currentUser(request).userId, request.params.id) }),
  );

  app.get(
    "/replies/review/:reviewId",
    {
      schema: {
        tags,
        summary: "A page of a review's replies, oldest first (5 a page unless per_page says otherwise)",
        params: ZReviewIdParams,
        querystring: ZRepliesQuery,
        response: { 200: envelope(paged(ZReply)) },
      },
    },
    async (request) => ({
      data: await reviews.listReplies(
        request.params.reviewId,
        viewerOf(request.principal),
        request.query,
        `/api/replies/review/${request.params.reviewId}`,
      ),
    }),
  );

  app.post(
    "/replies",
    {
      onRequest: app.requireUser,
      preHandler: writing,
      schema: { tags, summary: "Replies to a review", body: ZCreateReply, response: { 201: envelope(ZReply) } },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await reviews.createReply(currentUser(request).userId, request.body.review_id, request.body.content),
        message: REVIEW_MESSAGES.replyCreated,
      }),
  );

  app.route({
    method: PATCH_OR_OVERRIDE,
    url: "/replies/:id",
    onRequest: app.requireUser,
    preHandler: writing,
    schema: {
      tags,
      summary: "Edits one's own reply (marks it edited)",
      params: ZIdParams,
      body: ZUpdateReply,
      response: { 200: envelope(ZReply) },
    },
    handler: async (request) => ({
      data: await reviews.updateReply(currentUser(request).userId, request.params.id, request.body.content),
      message: REVIEW_MESSAGES.replyUpdated,
    }),
  });

  app.delete(
    "/replies/:id",
    {
      onRequest: app.requireUser,
      schema: { tags, summary: "Deletes one's own reply", params: ZIdParams, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      await reviews.deleteReply({ userId: currentUser(request).userId }, request.params.id);
      return { data: null, message: REVIEW_MESSAGES.replyDeleted };
    },
  );

  app.post(
    "/replies/:id/like",
    {
      onRequest: app.requireUser,
      preHandler: tapping,
      schema: {
        tags,
        summary: "Likes a reply, or takes the like back (toggle)",
        params: ZIdParams,
        response: { 200: envelope(ZLikeResult) },
      },
    },
    async (request) => ({ data: await reviews.likeReply(currentUser(request).userId, request.params.id) }),
  );
};
