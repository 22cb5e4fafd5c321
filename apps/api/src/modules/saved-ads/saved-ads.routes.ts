import { envelope, paged } from "@waterside/shared/api-envelope";
import { ZIdempotencyHeaders } from "@waterside/shared/idempotency";
import { ZSaveAd, ZSavedAdListItem, ZSavedAdParams, ZSavedSearch } from "@waterside/shared/saved-ads";
import { SAVED_MESSAGES } from "@waterside/shared/saved-ads-messages";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../../plugins/auth.ts";
import type { IdempotentWrites } from "../idempotency/idempotent-writes.ts";
import type { SavedAdsService } from "./saved-ads.service.ts";

export const savedAdsRoutes: FastifyPluginAsyncZod<{ saved: SavedAdsService; idempotent: IdempotentWrites }> = async (
  app,
  { saved, idempotent },
) => {
  app.get(
    "/ads/saved/search",
    {
      onRequest: app.requireUser,
      schema: {
        tags: ["saved ads"],
        summary:
          "The signed-in user's saved ads, newest saved first, searchable by title; was_price is the price before " +
          "the latest price drop while the ad is still below it",
        querystring: ZSavedSearch,
        response: { 200: envelope(paged(ZSavedAdListItem)) },
      },
    },
    async (request) => ({
      data: await saved.list(currentUser(request).userId, request.query, "/api/ads/saved/search"),
    }),
  );

  app.get(
    "/ads/saved/ids",
    {
      onRequest: app.requireUser,
      schema: {
        tags: ["saved ads"],
        summary: "Ids of the signed-in user's saved ads, for marking server-rendered lists in the browser",
        response: { 200: envelope(z.array(z.number().int())) },
      },
    },
    async (request) => ({ data: await saved.ids(currentUser(request).userId) }),
  );

  app.post(
    "/ads/saved",
    {
      onRequest: app.requireUser,
      schema: {
        tags: ["saved ads"],
        summary:
          "Saves an ad (saving it twice changes nothing). A save sent again with the same Idempotency-Key is " +
          "answered as the first was and not applied again, so a late retry cannot undo a later Undo (decision 104)",
        headers: ZIdempotencyHeaders,
        body: ZSaveAd,
        response: { 201: envelope(z.null()) },
      },
    },
    async (request, reply) => {
      const { userId } = currentUser(request);
      await idempotent.once(
        { userId, key: request.headers["idempotency-key"], operation: `ads.save:${request.body.ad_id}` },
        (completeKey) => saved.save(userId, request.body.ad_id, completeKey),
      );
      return reply.status(201).send({ data: null, message: SAVED_MESSAGES.saved });
    },
  );

  app.delete(
    "/ads/saved/:ad_id",
    {
      onRequest: app.requireUser,
      schema: {
        tags: ["saved ads"],
        summary:
          "Removes an ad from the saved ones (the id is the ad's); a repeat of its Idempotency-Key is not applied again",
        headers: ZIdempotencyHeaders,
        params: ZSavedAdParams,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      const { userId } = currentUser(request);
      await idempotent.once(
        { userId, key: request.headers["idempotency-key"], operation: `ads.unsave:${request.params.ad_id}` },
        (completeKey) => saved.unsave(userId, request.params.ad_id, completeKey),
      );
      return { data: null, message: SAVED_MESSAGES.unsaved };
    },
  );
};
