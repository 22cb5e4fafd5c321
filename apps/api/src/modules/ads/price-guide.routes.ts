import { envelope } from "@waterside/shared/api-envelope";
import { ZPriceGuide, ZPriceGuideQuery } from "@waterside/shared/price-guide";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AdsService } from "./ads.service.ts";

export const priceGuideRoutes: FastifyPluginAsyncZod<{ ads: AdsService }> = async (app, { ads }) => {
  app.get(
    "/ads/price-guide",
    {
      schema: {
        tags: ["ads"],
        summary:
          "Quartiles of the live ads' prices in a subcategory, narrowed by Brand, Model and Year while at least 5 " +
          "ads remain (decision 077)",
        querystring: ZPriceGuideQuery,
        response: { 200: envelope(ZPriceGuide) },
      },
    },
    async (request) => ({ data: await ads.priceGuide(request.query) }),
  );
};
