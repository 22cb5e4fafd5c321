import { AD_LIFECYCLE_MESSAGES, RENEW_WINDOW_DAYS, ZMarkSold, ZRenewed } from "@waterside/shared/ad-lifecycle";
import { ZAdDetail, ZAdIdParams } from "@waterside/shared/ads";
import { ZIdempotencyHeaders } from "@waterside/shared/idempotency";
import { zId, zPage } from "@waterside/shared/ids";
import { envelope, paged } from "@waterside/shared/api-envelope";
import { ZSubcategoryIdParams } from "@waterside/shared/catalog";
import {
  ZAdForm,
  ZAdStatusFilter,
  ZOwnAdCounts,
  ZOwnAdListItem,
  ZSubcategoryAttribute,
} from "@waterside/shared/selling";
import { POSTING_LIMIT, SELLING_MESSAGES } from "@waterside/shared/selling-messages";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../../plugins/auth.ts";
import { MINUTE, limit, userKey } from "../../plugins/rate-limit.ts";
import { PATCH_OR_OVERRIDE } from "../../plugins/request-body.ts";
import type { AdsService } from "../ads/ads.service.ts";
import type { IdempotentWrites } from "../idempotency/idempotent-writes.ts";
import type { AdLifecycle } from "./ad-lifecycle.service.ts";
import type { SellingService } from "./selling.service.ts";

/** Multipart gives one file as a value and several as a list (`images[]`, `images[0]`). */
const list = (value: unknown) => (value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value]);
const ZFile = z.instanceof(Buffer, { message: "Each image must be a file." });
const ZOrder = z.coerce.number().int().min(0).max(99);

const ZCreateBody = z.intersection(ZAdForm, z.object({ images: z.preprocess(list, z.array(ZFile)) }));
const ZUpdateBody = z.intersection(
  ZAdForm,
  z.object({
    images: z
      .object({
        update: z.preprocess(
          list,
          z
            .array(z.object({ id: zId(), order: ZOrder }))
            // The same photo twice would count as two and leave the ad below its minimum.
            .refine((entries) => new Set(entries.map((entry) => entry.id)).size === entries.length, {
              message: SELLING_MESSAGES.imagesDuplicate,
            }),
        ),
        upload: z.preprocess(
          (value) => list(value).map((entry) => (Buffer.isBuffer(entry) ? { file: entry } : entry)),
          z.array(z.object({ file: ZFile, order: ZOrder.optional() })),
        ),
      })
      .default({ update: [], upload: [] }),
  }),
);

export const sellingRoutes: FastifyPluginAsyncZod<{
  selling: SellingService;
  ads: AdsService;
  lifecycle: AdLifecycle;
  idempotent: IdempotentWrites;
}> = async (app, { selling, ads, lifecycle, idempotent }) => {
  const posting = limit(app, {
    max: POSTING_LIMIT.max,
    timeWindow: POSTING_LIMIT.windowMinutes * MINUTE,
    key: userKey("post-ad"),
  });

  app.post(
    "/ads/create",
    {
      onRequest: app.requireUser,
      preHandler: posting,
      schema: {
        tags: ["selling"],
        summary:
          "Posts a new ad with 2 to 8 pictures (multipart); it is live at once. Sent again with the same " +
          "Idempotency-Key, it answers the first post's ad and posts nothing (decision 104)",
        headers: ZIdempotencyHeaders,
        body: ZCreateBody,
        response: { 201: envelope(ZAdDetail) },
      },
    },
    async (request, reply) => {
      const { userId } = currentUser(request);
      const { images, ...form } = request.body;
      const { result: id } = await idempotent.once(
        { userId, key: request.headers["idempotency-key"], operation: "ads.create" },
        (completeKey) => selling.create(userId, form, images, completeKey),
      );
      return reply.status(201).send({ data: await ads.adForPage(id, userId), message: SELLING_MESSAGES.created });
    },
  );

  app.route({
    method: PATCH_OR_OVERRIDE,
    url: "/ads/:id",
    onRequest: app.requireUser,
    preHandler: posting,
    schema: {
      tags: ["selling"],
      summary: "Edits the seller's ad: fields, attributes, and pictures kept (images.update) or added (images.upload)",
      params: ZAdIdParams,
      body: ZUpdateBody,
      response: { 200: envelope(ZAdDetail) },
    },
    handler: async (request) => {
      const { userId } = currentUser(request);
      const { images, ...form } = request.body;
      const upload = images.upload.map((entry, index) => ({ file: entry.file, order: entry.order ?? 100 + index }));
      await selling.update(userId, request.params.id, form, { update: images.update, upload });
      return { data: await ads.adForPage(request.params.id, userId), message: SELLING_MESSAGES.updated };
    },
  });

  app.delete(
    "/ads/:id",
    {
      onRequest: app.requireUser,
      schema: {
        tags: ["selling"],
        summary: "Deletes the seller's ad and its pictures",
        params: ZAdIdParams,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await selling.remove(currentUser(request).userId, request.params.id);
      return { data: null, message: SELLING_MESSAGES.deleted };
    },
  );

  app.get(
    "/subcategories/:subcategory_id/attributes",
    {
      schema: {
        tags: ["selling"],
        summary: "The attributes an ad of this subcategory asks for (wizard step 2), with options and rules",
        params: ZSubcategoryIdParams,
        response: { 200: envelope(z.array(ZSubcategoryAttribute)) },
      },
    },
    async (request) => ({ data: await selling.subcategoryAttributes(request.params.subcategory_id) }),
  );

  app.get(
    "/ads/mine",
    {
      onRequest: app.requireUser,
      schema: {
        tags: ["selling"],
        summary: "The signed-in seller's ads in every status, with counts per status (My Ads)",
        querystring: z.object({
          status: ZAdStatusFilter.default("all"),
          page: zPage().prefault(1),
        }),
        response: {
          200: envelope(
            paged(ZOwnAdListItem).extend({
              counts: ZOwnAdCounts,
            }),
          ),
        },
      },
    },
    async (request) => ({
      data: await selling.mine(currentUser(request).userId, request.query.status, request.query.page),
    }),
  );

  // The life of an ad (issue 28, decision 075): the owner renews, marks sold or reposts from My Ads.
  app.post(
    "/ads/:id/renew",
    {
      onRequest: app.requireUser,
      schema: {
        tags: ["selling"],
        summary: `Renews the seller's ad in its last ${RENEW_WINDOW_DAYS} days or once expired (then active again)`,
        params: ZAdIdParams,
        response: { 200: envelope(ZRenewed) },
      },
    },
    async (request) => ({
      data: await lifecycle.renew(currentUser(request).userId, request.params.id),
      message: AD_LIFECYCLE_MESSAGES.renewed,
    }),
  );

  app.post(
    "/ads/:id/sold",
    {
      onRequest: app.requireUser,
      schema: {
        tags: ["selling"],
        summary: "Marks the seller's active or expired ad sold, naming the buyer who chatted about it if given",
        params: ZAdIdParams,
        body: ZMarkSold.default({}),
        response: { 200: envelope(ZOwnAdListItem) },
      },
    },
    async (request) => ({
      data: await lifecycle.markSold(currentUser(request).userId, request.params.id, request.body.buyer_user_id),
      message: AD_LIFECYCLE_MESSAGES.markedSold,
    }),
  );

  app.post(
    "/ads/:id/repost",
    {
      onRequest: app.requireUser,
      preHandler: posting,
      schema: {
        tags: ["selling"],
        summary: "Posts the seller's expired or sold ad again as a new ad: fields, attributes and photos copied",
        params: ZAdIdParams,
        response: { 201: envelope(ZOwnAdListItem) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await lifecycle.repost(currentUser(request).userId, request.params.id),
        message: AD_LIFECYCLE_MESSAGES.reposted,
      }),
  );
};
