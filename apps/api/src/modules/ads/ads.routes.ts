import {
  ZAdDetail,
  ZAdFilters,
  ZAdIdParams,
  ZLatestSubscription,
  ZSuggestion,
  ZSuggestionQuery,
} from "@waterside/shared/ads";
import { z } from "zod";
import { envelope } from "@waterside/shared/api-envelope";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { SavedAdsService } from "../saved-ads/saved-ads.service.ts";
import type { AdsService } from "./ads.service.ts";
import { ZAdsPageReply, withSavedMarks } from "./serialized-ads-page.ts";

export const adsRoutes: FastifyPluginAsyncZod<{ ads: AdsService; saved: SavedAdsService }> = async (
  app,
  { ads, saved },
) => {
  // Public lists are cached for everyone; the signed-in user's saved marks are added per request.
  const viewerId = (principal: FastifyRequest["principal"]) =>
    principal?.kind === "user" ? principal.userId : undefined;

  app.post(
    "/ads/get",
    {
      schema: {
        tags: ["ads"],
        summary: "Active ads with filters, sort and paging (spec §3 ad filter fields)",
        body: ZAdFilters.default({}),
        response: { 200: ZAdsPageReply, 304: z.null().describe("The page is unchanged since the ETag sent") },
      },
    },
    async (request, reply) => {
      // The page is written once for everyone; a signed-in user's saved marks are set in its text (decision 055).
      const page = await ads.listAdsSerialized(request.body, "/api/ads/get");
      const userId = viewerId(request.principal);
      const { json, etag } = withSavedMarks(page, userId ? await saved.savedAmong(userId, page.ids) : new Set());
      reply.header("cache-control", "private, no-cache").header("etag", etag);
      if (request.headers["if-none-match"] === etag) return reply.code(304).send(null);
      // Already JSON: with a JSON content type Fastify sends a string as it is, past the response serializer.
      return (reply as FastifyReply).type("application/json; charset=utf-8").send(json);
    },
  );

  app.get(
    "/ads/search",
    {
      schema: {
        tags: ["ads"],
        summary: "Title suggestions for the search box: prefix words first, then typo-tolerant resemblance",
        querystring: ZSuggestionQuery,
        response: { 200: envelope(z.array(ZSuggestion)) },
      },
    },
    async (request) => ({ data: await ads.suggestions(request.query.search) }),
  );

  app.get(
    "/ads/id/:id",
    {
      schema: {
        tags: ["ads"],
        summary: "One active ad with everything its page shows",
        params: ZAdIdParams,
        querystring: z.object({ load: z.string().optional() }),
        response: {
          200: envelope(ZAdDetail.extend({ lastest_subscription: ZLatestSubscription.nullable().optional() })),
        },
      },
    },
    async (request) => {
      const viewer = viewerId(request.principal);
      const [ad] = await saved.markSaved(viewer, [await ads.adForPage(request.params.id, viewer)]);
      // Spec: `load=lastest_subscription` (sic) adds the ad's newest boost, for its seller's edit and boost panel.
      // What a seller pays for is theirs: nobody else is told, not even whether the ad is boosted.
      const ownAd = viewer !== undefined && ad!.user_id === viewer;
      const latest =
        request.query.load === "lastest_subscription" && ownAd ? await ads.latestSubscription(ad!.id) : undefined;
      return { data: { ...ad!, ...(latest !== undefined && { lastest_subscription: latest }) } };
    },
  );
};
