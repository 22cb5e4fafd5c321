import { envelope } from "@waterside/shared/api-envelope";
import {
  NOTIFICATION_CENTRE_MESSAGES,
  ZNotificationsChanged,
  ZNotificationsPage,
  ZNotificationsQuery,
  ZNotificationsRead,
} from "@waterside/shared/notification-centre";
import {
  ZNotificationSettings,
  ZNotificationSettingsUpdate,
  ZPushSubscription,
  ZPushUnsubscribe,
} from "@waterside/shared/notifications";
import { PUSH_SUBSCRIPTIONS_MAX } from "@waterside/shared/notifications-messages";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../../plugins/auth.ts";
import { HOUR, limit, userKey } from "../../plugins/rate-limit.ts";
import type { NotificationsService } from "./notifications.service.ts";

/** Beyond the spec: Web Push subscriptions and the user's notification settings (decision 042). */
export const notificationsRoutes: FastifyPluginAsyncZod<{ notifications: NotificationsService }> = async (
  app,
  { notifications },
) => {
  // A browser registers once when the user turns notifications on, and again only when its subscription changes.
  const subscribing = limit(app, { max: 20, timeWindow: HOUR, key: userKey("push-subscribe") });

  app.get(
    "/push/public-key",
    {
      schema: {
        tags: ["notifications"],
        summary: "The server's VAPID public key for PushManager.subscribe; null when Web Push is off",
        response: { 200: envelope(z.object({ publicKey: z.string().nullable() })) },
      },
    },
    async () => ({ data: { publicKey: notifications.publicKey() } }),
  );

  app.post(
    "/push/subscriptions",
    {
      onRequest: app.requireUser,
      preHandler: subscribing,
      schema: {
        tags: ["notifications"],
        summary:
          "Registers this browser's push subscription for the signed-in user: https to a known push service on a " +
          `public address; at most ${PUSH_SUBSCRIPTIONS_MAX} per user, a new one replacing the oldest`,
        body: ZPushSubscription,
        response: { 201: envelope(z.null()) },
      },
    },
    async (request, reply) => {
      await notifications.subscribe(currentUser(request).userId, request.body);
      reply.code(201);
      return { data: null };
    },
  );

  app.delete(
    "/push/subscriptions",
    {
      onRequest: app.requireUser,
      schema: {
        tags: ["notifications"],
        summary: "Removes this browser's push subscription",
        body: ZPushUnsubscribe,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await notifications.unsubscribe(currentUser(request).userId, request.body.endpoint);
      return { data: null };
    },
  );

  app.get(
    "/user/notification-settings",
    {
      onRequest: app.requireUser,
      schema: {
        tags: ["notifications"],
        summary: "Whether chat messages reach the user by push and by mail while away",
        response: { 200: envelope(ZNotificationSettings) },
      },
    },
    async (request) => ({ data: await notifications.settings(currentUser(request).userId) }),
  );

  app.patch(
    "/user/notification-settings",
    {
      onRequest: app.requireUser,
      schema: {
        tags: ["notifications"],
        summary: "Turns push or mail notifications on or off",
        body: ZNotificationSettingsUpdate,
        response: { 200: envelope(ZNotificationSettings) },
      },
    },
    async (request) => ({
      data: await notifications.updateSettings(currentUser(request).userId, request.body),
      message: "Updated!",
    }),
  );

  app.get(
    "/notifications",
    {
      onRequest: app.requireUser,
      schema: {
        tags: ["notifications"],
        summary: "The signed-in user's notifications, newest first, a page at a time, with their unread count",
        querystring: ZNotificationsQuery,
        response: { 200: envelope(ZNotificationsPage) },
      },
    },
    async (request) => ({
      data: await notifications.centre.list(currentUser(request).userId, request.query.page ?? 1),
    }),
  );

  app.post(
    "/notifications/read",
    {
      onRequest: app.requireUser,
      schema: {
        tags: ["notifications"],
        summary:
          "Marks the signed-in user's notifications read: these ids, or all: true. Ids that are not the user's " +
          "notifications are ignored; the reply is the unread count after",
        body: ZNotificationsRead,
        response: { 200: envelope(ZNotificationsChanged) },
      },
    },
    async (request) => ({
      data: await notifications.centre.markRead(
        currentUser(request).userId,
        request.body.all ? "all" : (request.body.ids ?? []),
      ),
      message: NOTIFICATION_CENTRE_MESSAGES.marked,
    }),
  );
};
