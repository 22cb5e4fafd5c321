import {
  ZAdAnalyticsParams,
  ZAdClickTotals,
  ZAdTotalsQuery,
  ZAdViewTotals,
  ZAnalyticsHistory,
  ZAnalyticsOverall,
  ZAnalyticsRange,
  ZAnalyticsRegistration,
  ZPerformance,
  ZPerformanceQuery,
  ZRegisteredAds,
} from "@waterside/shared/analytics";
import { envelope } from "@waterside/shared/api-envelope";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser } from "../../plugins/auth.ts";
import { MINUTE, ipKey, limit, userKey } from "../../plugins/rate-limit.ts";
import type { Viewer } from "./analytics-ingestion.ts";
import type { AnalyticsOptions, AnalyticsService } from "./analytics.service.ts";
import { ingestionGuard, startIngestionGate } from "./ingestion-gate.ts";

/**
 * Registration is open to visitors, so it is limited per address, generously: carriers put many phones behind one,
 * and each sends at most two calls a minute (spec §4). Signed-in users also have their own allowance. What one
 * viewer can add to an ad is bounded by the once-a-day marks, not by these (decision 044).
 */
export const ANALYTICS_RATE_LIMITS = {
  perIp: { max: 600, timeWindow: MINUTE },
  perUser: { max: 30, timeWindow: MINUTE },
} as const;

function viewerOf(request: FastifyRequest, visitorId: string | undefined): Viewer {
  const { principal } = request;
  if (principal?.kind === "user") return { kind: "user", userId: principal.userId };
  if (principal?.kind === "admin") return { kind: "admin" };
  return { kind: "visitor", visitorId, ip: request.ip };
}

export const analyticsRoutes: FastifyPluginAsyncZod<{
  analytics: AnalyticsService;
  gate: NonNullable<AnalyticsOptions["ingestionGate"]>;
}> = async (app, { analytics, gate }) => {
  // Accepted events wait up to a second in the process: they are written before the app finishes closing.
  app.addHook("onClose", () => analytics.close());
  // Registrations give way to browsing when the event loop lags (decision 098): shed before the body is read.
  const shedding =
    gate === "off"
      ? undefined
      : gate === "event-loop"
        ? startIngestionGate()
        : { guard: ingestionGuard(gate), stop() {} };
  if (shedding) app.addHook("onClose", async () => shedding.stop());
  const shed = shedding ? [shedding.guard] : [];

  const perIp = limit(app, { ...ANALYTICS_RATE_LIMITS.perIp, key: ipKey("analytics") });
  const perUserLimit = limit(app, { ...ANALYTICS_RATE_LIMITS.perUser, key: userKey("analytics") });
  const perUser = async (request: FastifyRequest) => {
    if (request.principal?.kind === "user") await perUserLimit(request);
  };

  for (const [kind, path] of [
    ["view", "/analytics/ad/views"],
    ["click", "/analytics/ad/clicks"],
  ] as const) {
    app.post(
      path,
      {
        onRequest: shed,
        preHandler: [perIp, perUser],
        schema: {
          tags: ["analytics"],
          summary: `Registers ${kind}s of ads (the analytics log's flush), by a signed-in user or a visitor; each counts once a day per viewer`,
          body: ZAnalyticsRegistration,
          response: { 200: envelope(ZRegisteredAds) },
        },
      },
      async (request) => ({
        data: {
          registered_ad_ids: await analytics.register(
            kind,
            request.body.ids,
            viewerOf(request, request.body.visitor_id),
          ),
        },
      }),
    );
  }

  // A contact is counted for signed-in buyers only: the phone number is revealed to them alone (decision 033), so
  // a visitor's call is refused (401) rather than counted or silently ignored (decision 044). Since issue 27 the
  // reveal itself (POST /ads/{id}/phone) counts its contact (decision 072); this call, kept for the spec's clients,
  // adds nothing for the same buyer, ad and day.
  app.post(
    "/analytics/ad/contacts",
    {
      onRequest: [...shed, app.requireUser],
      preHandler: [perIp, perUser],
      schema: {
        tags: ["analytics"],
        summary:
          "Registers contacts of ads' sellers by a signed-in user (the phone number revealed); each counts once a day per buyer",
        body: ZAnalyticsRegistration,
        response: { 200: envelope(ZRegisteredAds) },
      },
    },
    async (request) => ({
      data: {
        registered_ad_ids: await analytics.register("contact", request.body.ids, {
          kind: "user",
          userId: currentUser(request).userId,
        }),
      },
    }),
  );

  app.get(
    "/analytics/ad/views",
    {
      onRequest: app.requireUser,
      schema: {
        tags: ["analytics"],
        summary: "Views per ad of the seller's ads (all time by default; My Ads passes its page's ad_ids)",
        querystring: ZAdTotalsQuery,
        response: { 200: envelope(ZAdViewTotals) },
      },
    },
    async (request) => ({ data: await analytics.viewTotals(currentUser(request).userId, request.query) }),
  );

  app.get(
    "/analytics/ad/clicks",
    {
      onRequest: app.requireUser,
      schema: {
        tags: ["analytics"],
        summary: "Clicks per ad of the seller's ads (all time by default, or only the ad_ids given)",
        querystring: ZAdTotalsQuery,
        response: { 200: envelope(ZAdClickTotals) },
      },
    },
    async (request) => ({ data: await analytics.clickTotals(currentUser(request).userId, request.query) }),
  );

  app.get(
    "/analytics/ad/:id/history",
    {
      onRequest: app.requireUser,
      schema: {
        tags: ["analytics"],
        summary:
          "The owner's daily views, saves, clicks and contacts of one ad, every day of the range (last 30 days by default)",
        params: ZAdAnalyticsParams,
        querystring: ZAnalyticsRange,
        response: { 200: envelope(ZAnalyticsHistory) },
      },
    },
    async (request) => ({
      data: await analytics.adHistory(currentUser(request).userId, request.params.id, request.query),
    }),
  );

  app.get(
    "/analytics/profile/history",
    {
      onRequest: app.requireUser,
      schema: {
        tags: ["analytics"],
        summary: "The seller's daily views, saves, clicks and contacts over all their ads, every day of the range",
        querystring: ZAnalyticsRange,
        response: { 200: envelope(ZAnalyticsHistory) },
      },
    },
    async (request) => ({ data: await analytics.sellerHistory(currentUser(request).userId, request.query) }),
  );

  app.get(
    "/analytics/overall",
    {
      onRequest: app.requireUser,
      schema: {
        tags: ["analytics"],
        summary: "Overall statistics: the seller's views, saves, clicks and contacts over all their ads in the range",
        querystring: ZAnalyticsRange,
        response: { 200: envelope(ZAnalyticsOverall) },
      },
    },
    async (request) => ({ data: await analytics.overall(currentUser(request).userId, request.query) }),
  );

  app.get(
    "/analytics/performance",
    {
      onRequest: app.requireUser,
      schema: {
        tags: ["analytics"],
        summary: "The Performance tab: totals, the previous period's, every day's figures and the top ads",
        querystring: ZPerformanceQuery,
        response: { 200: envelope(ZPerformance) },
      },
    },
    async (request) => ({ data: await analytics.performance(currentUser(request).userId, request.query) }),
  );
};
