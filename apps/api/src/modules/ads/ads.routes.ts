import { ZAdFilters, ZAdListItem } from "@waterside/shared/ads";
import { envelope, paged } from "@waterside/shared/api-envelope";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AdsService } from "./ads.service.ts";

export const adsRoutes: FastifyPluginAsyncZod<{ ads: AdsService }> = async (app, { ads }) => {
  app.post(
    "/ads/get",
    {
      schema: {
        tags: ["ads"],
        summary: "Active ads with filters, sort and paging (spec §3 ad filter fields)",
        body: ZAdFilters.default({}),
        response: { 200: envelope(paged(ZAdListItem)) },
      },
    },
    async (request) => ({ data: await ads.listAds(request.body, "/api/ads/get") }),
  );
};
