import { ZAdminAdDetail, ZAdminAdFilters, ZAdminAdIdParams, ZAdminAdStatusParams } from "@waterside/shared/admin";
import { ZAdListItem } from "@waterside/shared/ads";
import { envelope, paged } from "@waterside/shared/api-envelope";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentAdmin } from "../../plugins/auth.ts";
import { PATCH_OR_OVERRIDE } from "../../plugins/request-body.ts";
import type { AdminAdsService } from "./admin-ads.service.ts";

/** Admin ads table, ad detail and ad status (spec second document §7 "Admin"); registered inside the admin scope. */
export const adminAdsRoutes: FastifyPluginAsyncZod<{ ads: AdminAdsService }> = async (app, { ads }) => {
  app.post(
    "/admin/ads",
    {
      schema: {
        tags: ["admin"],
        summary: "Ads in every status with filters, sort and paging (30 a page), with the exact total",
        body: ZAdminAdFilters.default({}),
        response: { 200: envelope(paged(ZAdListItem)) },
      },
    },
    async (request) => ({ data: await ads.listAds(request.body, "/api/admin/ads") }),
  );

  app.get(
    "/admin/ads/:id",
    {
      schema: {
        tags: ["admin"],
        summary: "One ad in any status, with its owner",
        params: ZAdminAdIdParams,
        response: { 200: envelope(ZAdminAdDetail) },
      },
    },
    async (request) => ({ data: await ads.adDetail(request.params.id) }),
  );

  app.route({
    method: PATCH_OR_OVERRIDE,
    url: "/admin/ads/:ad_id/:status_name",
    schema: {
      tags: ["admin"],
      summary: "Sets an ad Active or Hidden; a hidden ad leaves public lists and search at once",
      params: ZAdminAdStatusParams,
      body: z.looseObject({}).optional(),
      response: { 200: envelope(ZAdListItem) },
    },
    handler: async (request) => {
      const { ad_id, status_name } = request.params;
      const { ad, message } = await ads.setStatus(currentAdmin(request).adminId, ad_id, status_name);
      return { data: ad, message };
    },
  });
};
