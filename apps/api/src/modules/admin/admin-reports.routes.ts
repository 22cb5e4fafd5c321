import {
  ZAdminAdReport,
  ZAdminAdReportsQuery,
  ZAdminUserReport,
  ZAdminUserReportsQuery,
  ZReportIdParams,
  ZReportStatusChange,
} from "@waterside/shared/admin-moderation";
import { ADMIN_MODERATION_MESSAGES } from "@waterside/shared/admin-moderation-messages";
import { envelope, paged } from "@waterside/shared/api-envelope";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentAdmin } from "../../plugins/auth.ts";
import type { ReportModerationService } from "../reports/report-moderation.service.ts";
import { auditedBy } from "./admin-audit.ts";

const tags = ["admin"];

/**
 * Spec §7 "Admin" report calls (issue 16). Registered in the admin scope of app.ts, whose guard refuses visitors
 * (401) and user tokens (403). Status changes follow spec §4 (decision 043, "Admin status changes").
 */
export const adminReportsRoutes: FastifyPluginAsyncZod<{ reports: ReportModerationService }> = async (
  app,
  { reports },
) => {
  app.get(
    "/admin/ad-reports",
    {
      schema: {
        tags,
        summary: "Ad reports, last changed first, filtered by status (id, name or All), ad and reporter",
        querystring: ZAdminAdReportsQuery,
        response: { 200: envelope(paged(ZAdminAdReport)) },
      },
    },
    async (request) => ({ data: await reports.adReports(request.query, "/api/admin/ad-reports") }),
  );

  app.get(
    "/admin/user-reports",
    {
      schema: {
        tags,
        summary: "User reports, last changed first, filtered by status, reporter and reported user",
        querystring: ZAdminUserReportsQuery,
        response: { 200: envelope(paged(ZAdminUserReport)) },
      },
    },
    async (request) => ({ data: await reports.userReports(request.query, "/api/admin/user-reports") }),
  );

  app.patch(
    "/admin/ad-report/:report_id/status",
    {
      schema: {
        tags,
        summary: "Changes an ad report's status; a response resolves it; Resolved is final",
        params: ZReportIdParams,
        body: ZReportStatusChange,
        response: { 200: envelope(ZAdminAdReport) },
      },
    },
    async (request) => ({
      data: await reports.changeAdReportStatus(
        request.params.report_id,
        request.body,
        auditedBy(currentAdmin(request).adminId),
      ),
      message: ADMIN_MODERATION_MESSAGES.statusUpdated,
    }),
  );

  app.patch(
    "/admin/user-report/:report_id/status",
    {
      schema: {
        tags,
        summary: "Changes a user report's status; a response resolves it; Resolved is final",
        params: ZReportIdParams,
        body: ZReportStatusChange,
        response: { 200: envelope(ZAdminUserReport) },
      },
    },
    async (request) => ({
      data: await reports.changeUserReportStatus(
        request.params.report_id,
        request.body,
        auditedBy(currentAdmin(request).adminId),
      ),
      message: ADMIN_MODERATION_MESSAGES.statusUpdated,
    }),
  );
};
