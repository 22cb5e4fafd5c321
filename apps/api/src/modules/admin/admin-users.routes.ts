import { ZAdminUser, ZAdminUserIdParams, ZAdminUserStatusChange, ZAdminUsersQuery } from "@waterside/shared/admin";
import { envelope, paged } from "@waterside/shared/api-envelope";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentAdmin } from "../../plugins/auth.ts";
import { fieldError } from "../../plugins/errors.ts";
import { PATCH_OR_OVERRIDE } from "../../plugins/request-body.ts";
import type { AdminUsersService } from "./admin-users.service.ts";

/** Admin users table and user status (spec second document §7 "Admin"); registered inside the admin scope. */
export const adminUsersRoutes: FastifyPluginAsyncZod<{ users: AdminUsersService }> = async (app, { users }) => {
  app.get(
    "/admin/users",
    {
      schema: {
        tags: ["admin"],
        summary: "Users, paged (30; dashboard 10), searched by name, email or phone, filtered by status and type",
        querystring: ZAdminUsersQuery,
        response: { 200: envelope(paged(ZAdminUser)) },
      },
    },
    async (request) => ({ data: await users.listUsers(request.query, "/api/admin/users") }),
  );

  app.route({
    method: PATCH_OR_OVERRIDE,
    url: "/admin/users/:user_id/status",
    schema: {
      tags: ["admin"],
      summary: "Bans (2) or reactivates (1) a user: a ban signs them out everywhere and hides their ads",
      params: ZAdminUserIdParams,
      body: ZAdminUserStatusChange,
      response: { 200: envelope(ZAdminUser) },
    },
    handler: async (request) => {
      const { user_id } = request.params;
      if (request.body.user_id !== undefined && request.body.user_id !== user_id) {
        throw fieldError("user_id", "The user_id must be the one in the address.");
      }
      const { user, message } = await users.setStatus(currentAdmin(request).adminId, user_id, request.body.status_id);
      return { data: user, message };
    },
  });
};
