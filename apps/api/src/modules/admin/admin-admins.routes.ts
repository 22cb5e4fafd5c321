import {
  ZAdminAccount,
  ZAdminAccountIdParams,
  ZAdminAccountStatusChange,
  ZAdminAccountsQuery,
} from "@waterside/shared/admin";
import { envelope, paged } from "@waterside/shared/api-envelope";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentAdmin } from "../../plugins/auth.ts";
import { PATCH_OR_OVERRIDE } from "../../plugins/request-body.ts";
import type { AdminAccountsService } from "./admin-admins.service.ts";

/** The admins and their status (issue 24, decision 057); registered inside the admin scope. */
export const adminAccountsRoutes: FastifyPluginAsyncZod<{ accounts: AdminAccountsService }> = async (
  app,
  { accounts },
) => {
  app.get(
    "/admin/admins",
    {
      schema: {
        tags: ["admin"],
        summary: "Admins, paged (30), oldest first, with their status and latest sign-in",
        querystring: ZAdminAccountsQuery,
        response: { 200: envelope(paged(ZAdminAccount)) },
      },
    },
    async (request) => ({ data: await accounts.list(request.query, "/api/admin/admins") }),
  );

  app.route({
    method: PATCH_OR_OVERRIDE,
    url: "/admin/admins/:admin_id/status",
    schema: {
      tags: ["admin"],
      summary: "Suspends or reactivates another admin: a suspension ends their sessions at once",
      params: ZAdminAccountIdParams,
      body: ZAdminAccountStatusChange,
      response: { 200: envelope(ZAdminAccount) },
    },
    handler: async (request) => {
      const { admin, message } = await accounts.setStatus(
        currentAdmin(request).adminId,
        request.params.admin_id,
        request.body.status,
      );
      return { data: admin, message };
    },
  });

  app.post(
    "/admin/admins/:admin_id/two-factor/reset",
    {
      schema: {
        tags: ["admin"],
        summary: "Resets another admin's second factor: they set up an authenticator again at their next login",
        description: "Clears the admin's TOTP secret and recovery codes and ends their sessions; audited.",
        params: ZAdminAccountIdParams,
        response: { 200: envelope(ZAdminAccount) },
      },
    },
    async (request) => {
      const { admin, message } = await accounts.resetTwoFactor(currentAdmin(request).adminId, request.params.admin_id);
      return { data: admin, message };
    },
  );
};
