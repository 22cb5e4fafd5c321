import {
  SCREENING_MESSAGES,
  ZScreeningRule,
  ZScreeningRuleInput,
  ZScreeningRuleParams,
} from "@waterside/shared/ad-screening";
import { envelope } from "@waterside/shared/api-envelope";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentAdmin } from "../../plugins/auth.ts";
import type { AdScreening } from "../ad-screening/ad-screening.service.ts";
import { auditedBy } from "./admin-audit.ts";

const tags = ["admin"];
const audit = (request: Parameters<typeof currentAdmin>[0]) => auditedBy(currentAdmin(request).adminId);

/**
 * The banned words and patterns (issue 28, decision 079), Manage Categories' Rules tab: the ad-screening module's
 * rules, each write audited in its transaction. Registered in the admin scope of app.ts, whose guard refuses visitors
 * (401) and user tokens (403).
 */
export const adminScreeningRulesRoutes: FastifyPluginAsyncZod<{ screening: AdScreening }> = async (
  app,
  { screening },
) => {
  app.get(
    "/admin/screening-rules",
    {
      schema: {
        tags,
        summary: "Every banned-words rule, newest first, with the admin who wrote it",
        response: { 200: envelope(z.array(ZScreeningRule)) },
      },
    },
    async () => ({ data: await screening.listRules() }),
  );

  app.post(
    "/admin/screening-rules",
    {
      schema: {
        tags,
        summary: "Adds a word or pattern that refuses ads (refuse) or flags them to the moderation queue (flag)",
        body: ZScreeningRuleInput,
        response: { 201: envelope(ZScreeningRule) },
      },
    },
    async (request, reply) => {
      const { adminId } = currentAdmin(request);
      const rule = await screening.createRule(adminId, request.body, audit(request));
      return reply.status(201).send({ data: rule, message: SCREENING_MESSAGES.created });
    },
  );

  app.put(
    "/admin/screening-rules/:id",
    {
      schema: {
        tags,
        summary: "Changes a banned-words rule",
        params: ZScreeningRuleParams,
        body: ZScreeningRuleInput,
        response: { 200: envelope(ZScreeningRule) },
      },
    },
    async (request) => ({
      data: await screening.updateRule(request.params.id, request.body, audit(request)),
      message: SCREENING_MESSAGES.updated,
    }),
  );

  app.delete(
    "/admin/screening-rules/:id",
    {
      schema: {
        tags,
        summary: "Deletes a banned-words rule and the flags it raised",
        params: ZScreeningRuleParams,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await screening.deleteRule(request.params.id, audit(request));
      return { data: null, message: SCREENING_MESSAGES.deleted };
    },
  );
};
