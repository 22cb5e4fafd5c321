import {
  ZModerationQueueAdParams,
  ZModerationQueueItem,
  ZModerationQueueQuery,
} from "@waterside/shared/admin-moderation-queue";
import { envelope, paged } from "@waterside/shared/api-envelope";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentAdmin } from "../../plugins/auth.ts";
import type { ModerationQueueService } from "./admin-moderation-queue.service.ts";

/** The moderation queue and its "reviewed" mark (issue 16, decision 052); registered inside the admin scope. */
export const adminModerationQueueRoutes: FastifyPluginAsyncZod<{ queue: ModerationQueueService }> = async (
  app,
  { queue },
) => {
  app.get(
    "/admin/moderation-queue",
    {
      schema: {
        tags: ["admin"],
        summary:
          "Ads newest first with their reviewed mark (not reviewed by default) and flags (flagged=yes: only flagged); ads held by reports first",
        querystring: ZModerationQueueQuery,
        response: { 200: envelope(paged(ZModerationQueueItem)) },
      },
    },
    async (request) => ({ data: await queue.listQueue(request.query, "/api/admin/moderation-queue") }),
  );

  app.post(
    "/admin/moderation-queue/:ad_id/reviewed",
    {
      schema: {
        tags: ["admin"],
        summary: "Marks an ad reviewed; marking it again keeps the first reviewer and time",
        params: ZModerationQueueAdParams,
        response: { 200: envelope(ZModerationQueueItem) },
      },
    },
    async (request) => {
      const { item, message } = await queue.markReviewed(currentAdmin(request).adminId, request.params.ad_id);
      return { data: item, message };
    },
  );

  app.delete(
    "/admin/moderation-queue/:ad_id/reviewed",
    {
      schema: {
        tags: ["admin"],
        summary: "Takes an ad's reviewed mark off: it is back in the queue",
        params: ZModerationQueueAdParams,
        response: { 200: envelope(ZModerationQueueItem) },
      },
    },
    async (request) => {
      const { item, message } = await queue.unmarkReviewed(currentAdmin(request).adminId, request.params.ad_id);
      return { data: item, message };
    },
  );
};
