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
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AdsService } from "./ads.service.ts";
import { priceGuideRoutes } from "./price-guide.routes.ts";
import { ZAdsPageReply } from "./serialized-ads-page.ts";

const PAGE_URL = "/api/ads/get";

export const adsRoutes: FastifyPluginAsyncZod<{ ads: AdsService }> = async (app, { ads }) => {
  // Public lists are cached for everyone; the signed-in user's saved marks are added per request.
  const viewerId = (request: FastifyRequest) =>
    request.principal?.kind === "user" ? request.principal.userId : undefined;

  app.post(
    "/ads/get",
    {
      schema: {
        tags: ["ads"],
        summary: "Active ads with filters, sort and paging (spec §3 ad filter fields)",
        body: ZAdFilters.default({}),
        response: { 200: ZAdsPageReply, 304: z.null().describe("The page is unchanged since the ETag sent") },
      },
      // Pages are stored with their compressed bytes and sent with their ETag (decision 055, plugins/http-cache.ts).
      compress: false,
      // Checked before validation: bytes that were answered before are valid, and their page is the same.
      preValidation: async (request, reply) => {
        const stored =
          request.rawBody === undefined ? undefined : ads.storedListPage(PAGE_URL, request.rawBody, viewerId(request));
        if (stored) return reply.sendStored(await stored);
      },
    },
    async (request, reply) =>
      reply.sendStored(await ads.listPage(request.body, PAGE_URL, viewerId(request), request.rawBody)),
  );

  await app.register(priceGuideRoutes, { ads });

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
    async (request) => ({ data: await ads.adPage(request.params.id, viewerId(request), request.query.load) }),
  );

  app.get(
    "/ads/id/:id/availability",
    {
      schema: {
        tags: ["ads"],
        summary:
          "Whether a link to an ad still leads to it: available, gone (deleted, hidden, seller banned) or unknown. " +
          "The web's ad page answers 410 or 404 with it (decision 059)",
        params: ZAdIdParams,
        response: { 200: envelope(z.object({ state: z.enum(["available", "gone", "unknown"]) })) },
      },
    },
    async (request) => ({ data: { state: await ads.availability(request.params.id) } }),
  );
};
