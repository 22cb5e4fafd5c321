import { envelope, paged } from "@waterside/shared/api-envelope";
import { ZAdminDeal, ZAdminDealDetail, ZAdminDealsQuery, ZDealParams, ZResolveDeal } from "@waterside/shared/deals";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentAdmin } from "../../plugins/auth.ts";
import type { RecordChange } from "../../lib/recorded-change.ts";
import type { DealsService } from "./deals.service.ts";

/** The admins' side of safe deals (issue 33), in the admin scope of app.ts: the disputes queue and the decision. */
export const dealsAdminRoutes: FastifyPluginAsyncZod<{
  deals: DealsService;
  audit: (adminId: number) => RecordChange;
}> = async (app, { deals, audit }) => {
  const tags = ["admin"];

  app.get(
    "/admin/deals",
    {
      schema: {
        tags,
        summary: "Disputed deals, the longest waiting first (or another status, or those whose ledger differs)",
        querystring: ZAdminDealsQuery,
        response: { 200: envelope(paged(ZAdminDeal)) },
      },
    },
    async (request) => ({
      data: await deals.admin.list(
        { status: request.query.status, ledgerDifference: request.query.ledger_difference, page: request.query.page },
        "/api/admin/deals",
      ),
    }),
  );

  app.get(
    "/admin/deals/:id",
    {
      schema: {
        tags,
        summary: "A deal with its trail and its chat's messages",
        params: ZDealParams,
        response: { 200: envelope(ZAdminDealDetail) },
      },
    },
    async (request) => ({ data: await deals.admin.get(request.params.id) }),
  );

  app.post(
    "/admin/deals/:id/resolve",
    {
      schema: {
        tags,
        summary: "Decides a disputed deal: release to the seller or refund the buyer, with a note (audited)",
        params: ZDealParams,
        body: ZResolveDeal,
        response: { 200: envelope(ZAdminDealDetail) },
      },
    },
    async (request) => {
      const { adminId } = currentAdmin(request);
      return { data: await deals.admin.resolve(adminId, request.params.id, request.body, audit(adminId)) };
    },
  );
};
