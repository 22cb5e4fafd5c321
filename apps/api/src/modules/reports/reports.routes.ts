import { envelope, paged } from "@waterside/shared/api-envelope";
import { ZAdReport, ZCreateAdReport, ZCreateUserReport, ZReportsQuery, ZUserReport } from "@waterside/shared/reports";
import { REPORT_LIMIT, REPORT_MESSAGES } from "@waterside/shared/reports-messages";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser } from "../../plugins/auth.ts";
import { MINUTE, limit, userKey } from "../../plugins/rate-limit.ts";
import type { ReportsService } from "./reports.service.ts";

/**
 * Spec §7 report calls and the profile's Reports tab (second document §7); the POST paths sit beside the GETs the
 * spec names (docs/decisions/043-reports.md). A new report answers 201 'Reported!'; a repeat of an open one answers
 * 200 with that report and says so.
 */
export const reportsRoutes: FastifyPluginAsyncZod<{ reports: ReportsService }> = async (app, { reports }) => {
  // One allowance for ad and user reports together.
  const reporting = limit(app, {
    max: REPORT_LIMIT.max,
    timeWindow: REPORT_LIMIT.windowMinutes * MINUTE,
    key: userKey("report"),
  });

  app.post(
    "/ad-reports",
    {
      onRequest: app.requireUser,
      preHandler: reporting,
      schema: {
        tags: ["reports"],
        summary: "Reports an ad (not one's own) with a listed reason or one's own words; a repeat returns the open one",
        body: ZCreateAdReport,
        response: { 200: envelope(ZAdReport), 201: envelope(ZAdReport) },
      },
    },
    async (request, reply) => {
      const { report, created } = await reports.reportAd(currentUser(request).userId, request.body);
      return reply
        .status(created ? 201 : 200)
        .send({ data: report, message: created ? REPORT_MESSAGES.reported : REPORT_MESSAGES.adAlreadyReported });
    },
  );

  app.post(
    "/user-reports",
    {
      onRequest: app.requireUser,
      preHandler: reporting,
      schema: {
        tags: ["reports"],
        summary: "Reports another user with a listed reason or one's own words; a repeat returns the open one",
        body: ZCreateUserReport,
        response: { 200: envelope(ZUserReport), 201: envelope(ZUserReport) },
      },
    },
    async (request, reply) => {
      const { report, created } = await reports.reportUser(currentUser(request).userId, request.body);
      return reply
        .status(created ? 201 : 200)
        .send({ data: report, message: created ? REPORT_MESSAGES.reported : REPORT_MESSAGES.userAlreadyReported });
    },
  );

  app.get(
    "/ad-reports",
    {
      onRequest: app.requireUser,
      schema: {
        tags: ["reports"],
        summary: "The signed-in user's ad reports, newest first, with status and admin response",
        querystring: ZReportsQuery,
        response: { 200: envelope(paged(ZAdReport)) },
      },
    },
    async (request) => ({
      data: await reports.adReports(currentUser(request).userId, request.query, "/api/ad-reports"),
    }),
  );

  app.get(
    "/user-reports",
    {
      onRequest: app.requireUser,
      schema: {
        tags: ["reports"],
        summary: "The signed-in user's user reports, newest first, with status and admin response",
        querystring: ZReportsQuery,
        response: { 200: envelope(paged(ZUserReport)) },
      },
    },
    async (request) => ({
      data: await reports.userReports(currentUser(request).userId, request.query, "/api/user-reports"),
    }),
  );
};
