import {
  ZAdDetail,
  ZAdFilters,
  ZAdIdParams,
  ZLatestSubscription,
  ZSuggestion,
  ZSuggestionQuery,
} from "@waterside/shared/ads";
import { negotiate } from "@fastify/accept-negotiator";
import { z } from "zod";
import { envelope } from "@waterside/shared/api-envelope";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { COMPRESS_FROM_BYTES, REPLY_CODINGS } from "../../lib/reply-compression.ts";
import type { SavedAdsService } from "../saved-ads/saved-ads.service.ts";
import type { AdsService } from "./ads.service.ts";
import { ZAdsPageReply, compressedBody, withSavedMarks, type SerializedAdsPage } from "./serialized-ads-page.ts";

const PAGE_URL = "/api/ads/get";

export const adsRoutes: FastifyPluginAsyncZod<{ ads: AdsService; saved: SavedAdsService }> = async (
  app,
  { ads, saved },
) => {
  // Public lists are cached for everyone; the signed-in user's saved marks are added per request.
  const viewerId = (principal: FastifyRequest["principal"]) =>
    principal?.kind === "user" ? principal.userId : undefined;

  // The body of each request as sent, so a page already written for those bytes is answered before validation.
  const rawBodies = new WeakMap<FastifyRequest, string>();
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = body as string;
    rawBodies.set(request, text);
    parseJson(request, text, done);
  });

  /** Sends a stored page (decision 055): the reader's saved marks, an ETag or a 304, and compressed bytes. */
  async function sendPage(request: FastifyRequest, reply: FastifyReply, shared: SerializedAdsPage) {
    const userId = viewerId(request.principal);
    const page = userId ? withSavedMarks(shared, await saved.savedAmong(userId, shared.ids)) : shared;
    reply.header("cache-control", "private, no-cache").header("etag", page.etag).header("vary", "accept-encoding");
    if (request.headers["if-none-match"] === page.etag) return reply.code(304).send(null);
    reply.type("application/json; charset=utf-8");
    // Compressed here, not by the compress plugin: a page everyone reads is compressed once and kept with it.
    const accepted = request.headers["accept-encoding"];
    const coding = accepted && page.body.length >= COMPRESS_FROM_BYTES ? negotiate(accepted, [...REPLY_CODINGS]) : null;
    if (!coding) return reply.send(page.body);
    return reply.header("content-encoding", coding).send(await compressedBody(page, coding));
  }

  app.post(
    "/ads/get",
    {
      schema: {
        tags: ["ads"],
        summary: "Active ads with filters, sort and paging (spec §3 ad filter fields)",
        body: ZAdFilters.default({}),
        response: { 200: ZAdsPageReply, 304: z.null().describe("The page is unchanged since the ETag sent") },
      },
      compress: false,
      // Checked before validation: bytes that were answered before are valid, and their page is the same.
      preValidation: async (request, reply) => {
        const rawBody = rawBodies.get(request);
        const stored = rawBody === undefined ? undefined : ads.cachedPageForRawBody(PAGE_URL, rawBody);
        if (stored) return sendPage(request, reply, await stored);
      },
    },
    async (request, reply) =>
      sendPage(request, reply, await ads.listAdsSerialized(request.body, PAGE_URL, rawBodies.get(request))),
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
