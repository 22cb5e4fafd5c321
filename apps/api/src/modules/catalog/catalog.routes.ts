import { envelope } from "@waterside/shared/api-envelope";
import {
  CATALOG_CACHE_SECONDS,
  ZCategory,
  ZCounty,
  ZFeaturedBusiness,
  ZIdParams,
  ZUserIdQuery,
  ZFilterDefinition,
  ZSubcategory,
  ZSubcategoryIdParams,
} from "@waterside/shared/catalog";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { sendCacheable } from "../../plugins/http-cache.ts";
import type { CatalogService } from "./catalog.service.ts";

export const catalogRoutes: FastifyPluginAsyncZod<{ catalog: CatalogService }> = async (app, { catalog }) => {
  app.get(
    "/categories/active",
    {
      schema: {
        tags: ["catalog"],
        summary: "Active categories with their active subcategories and ad counts",
        response: { 200: envelope(z.array(ZCategory)) },
      },
    },
    async (request, reply) =>
      sendCacheable(request, reply, { data: await catalog.activeCategories() }, CATALOG_CACHE_SECONDS),
  );

  app.get(
    "/subcategories/active",
    {
      schema: {
        tags: ["catalog"],
        summary: "Active subcategories of active categories",
        response: { 200: envelope(z.array(ZSubcategory)) },
      },
    },
    async (request, reply) =>
      sendCacheable(request, reply, { data: await catalog.activeSubcategories() }, CATALOG_CACHE_SECONDS),
  );

  app.get(
    "/ads/filters/subcategory/:subcategory_id",
    {
      schema: {
        tags: ["catalog"],
        summary: "The attribute filters of a subcategory's listing",
        params: ZSubcategoryIdParams,
        response: { 200: envelope(z.array(ZFilterDefinition)) },
      },
    },
    async (request, reply) =>
      sendCacheable(request, reply, { data: await catalog.subcategoryFilters(request.params.subcategory_id) }, 60),
  );

  app.get(
    "/subcategories/featured-businesses/:id",
    {
      schema: {
        tags: ["catalog"],
        summary: "Business sellers with the most active ads in a subcategory (Top Brands)",
        params: ZIdParams,
        response: { 200: envelope(z.array(ZFeaturedBusiness)) },
      },
    },
    async (request, reply) =>
      sendCacheable(request, reply, { data: await catalog.featuredBusinesses(request.params.id) }, 300),
  );

  app.get(
    "/subcategories/user",
    {
      schema: {
        tags: ["catalog"],
        summary: "The categories and subcategories a seller has active ads in, with their counts",
        querystring: ZUserIdQuery,
        response: { 200: envelope(z.array(ZCategory)) },
      },
    },
    async (request, reply) =>
      sendCacheable(request, reply, { data: await catalog.sellerCategories(request.query.user_id) }, 60),
  );

  app.get(
    "/locations",
    {
      schema: {
        tags: ["catalog"],
        summary: "Liberia's counties with their areas, for the location picker",
        response: { 200: envelope(z.array(ZCounty)) },
      },
    },
    async (request, reply) => sendCacheable(request, reply, { data: await catalog.counties() }, 86_400),
  );
};
