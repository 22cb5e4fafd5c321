import { ZDashboard } from "@waterside/shared/admin-catalog";
import { envelope } from "@waterside/shared/api-envelope";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AdminDashboardService } from "./admin-dashboard.service.ts";

/** GET /admin/dashboard, in the admin scope of app.ts (401 visitors, 403 user tokens). */
export const adminDashboardRoutes: FastifyPluginAsyncZod<{ dashboard: AdminDashboardService }> = async (
  app,
  { dashboard },
) => {
  app.get(
    "/admin/dashboard",
    {
      schema: {
        tags: ["admin"],
        summary: "Posts and users counts, latest 10 users, first 3 categories' ad counts, open reports",
        response: { 200: envelope(ZDashboard) },
      },
    },
    async () => ({ data: await dashboard.dashboard() }),
  );
};
