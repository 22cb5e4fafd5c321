import { ZAuditLogEntry, ZAuditLogQuery } from "@waterside/shared/admin-moderation";
import { ADMIN_TABLE_PAGE } from "@waterside/shared/admin-messages";
import { envelope, paged } from "@waterside/shared/api-envelope";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Database } from "../../db/database.ts";
import { listAdminActions } from "./admin-audit.ts";
import { toPage } from "../../lib/paging.ts";

/**
 * GET /admin/audit-log (issue 16, decision 049): read only. No route updates or deletes the log, and the table's
 * trigger refuses it anyway.
 */
export const adminAuditLogRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    "/admin/audit-log",
    {
      schema: {
        tags: ["admin"],
        summary: "Every admin write, newest first, with the admin's name; filter by admin or target",
        querystring: ZAuditLogQuery,
        response: { 200: envelope(paged(ZAuditLogEntry)) },
      },
    },
    async (request) => {
      const { query } = request;
      const page = query.page ?? 1;
      const perPage = query.per_page ?? ADMIN_TABLE_PAGE;
      const { rows, total } = await listAdminActions(
        db,
        { adminId: query.admin_id, targetType: query.target_type, targetId: query.target_id },
        { limit: perPage, offset: (page - 1) * perPage },
      );
      return { data: toPage(rows, total, page, perPage, { path: "/api/admin/audit-log", query }) };
    },
  );
};
