import {
  ZAdminDeleteBody,
  ZAdminDeleteQuery,
  ZAdminReview,
  ZAdminReviewsQuery,
} from "@waterside/shared/admin-moderation";
import { ADMIN_MODERATION_MESSAGES } from "@waterside/shared/admin-moderation-messages";
import { envelope, paged } from "@waterside/shared/api-envelope";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentAdmin } from "../../plugins/auth.ts";
import { fieldError } from "../../plugins/errors.ts";
import type { AdminReviewsService } from "./admin-reviews.service.ts";

const tags = ["admin"];

/** The id of a DELETE: in the query string or the JSON body (spec: "(id)"), the query winning when both are sent. */
function deleteId(query: { id?: number }, body: { id?: number } | null | undefined) {
  const id = query.id ?? body?.id;
  if (id === undefined) throw fieldError("id", ADMIN_MODERATION_MESSAGES.idRequired);
  return id;
}

/** Spec §7 "Admin" review calls (issue 16), in the admin scope of app.ts. Admins read and delete; they never write. */
export const adminReviewsRoutes: FastifyPluginAsyncZod<{ reviews: AdminReviewsService }> = async (app, { reviews }) => {
  app.get(
    "/admin/reviews",
    {
      schema: {
        tags,
        summary: "The reviews a user wrote (user_id required), each with its replies and the ad's title",
        querystring: ZAdminReviewsQuery,
        response: { 200: envelope(paged(ZAdminReview)) },
      },
    },
    async (request) => ({ data: await reviews.list(request.query, "/api/admin/reviews") }),
  );

  app.delete(
    "/admin/reviews",
    {
      schema: {
        tags,
        summary: "Deletes a review (id in the query or body) with its replies and likes",
        querystring: ZAdminDeleteQuery,
        body: ZAdminDeleteBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await reviews.deleteReview(currentAdmin(request).adminId, deleteId(request.query, request.body));
      return { data: null, message: ADMIN_MODERATION_MESSAGES.deleted };
    },
  );

  app.delete(
    "/admin/replies",
    {
      schema: {
        tags,
        summary: "Deletes a reply (id in the query or body); its review's replies_count follows",
        querystring: ZAdminDeleteQuery,
        body: ZAdminDeleteBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await reviews.deleteReply(currentAdmin(request).adminId, deleteId(request.query, request.body));
      return { data: null, message: ADMIN_MODERATION_MESSAGES.deleted };
    },
  );
};
