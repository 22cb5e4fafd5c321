import { envelope, paged } from "@waterside/shared/api-envelope";
import {
  ZChat,
  ZChatMessage,
  ZChatMessagesQuery,
  ZChatParams,
  ZChatsQuery,
  ZChatUpdate,
  ZChatUpdatesQuery,
  ZChatWithMessages,
  ZCreateChat,
  ZSendChatMessage,
  ZUserPresence,
} from "@waterside/shared/chat";
import { CHAT_MESSAGES } from "@waterside/shared/chat-messages";
import { zId } from "@waterside/shared/ids";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../../plugins/auth.ts";
import { MINUTE, ipKey, limit } from "../../plugins/rate-limit.ts";
import type { ChatService } from "./chat.service.ts";

/**
 * Every ad page view asks for its seller's status once: as generous per address as profile reads (carriers share
 * addresses), and nothing is read but a yes or no (docs/decisions/039-chat-rules.md).
 */
export const PRESENCE_RATE_LIMIT = { max: 600, timeWindow: 15 * MINUTE } as const;

/** Spec §7 chat calls (JSON), plus what a client needs to never lose a message (docs/decisions/038-chat-delivery.md). */
export const chatRoutes: FastifyPluginAsyncZod<{ chat: ChatService }> = async (app, { chat }) => {
  app.get(
    "/chats",
    {
      onRequest: app.requireUser,
      schema: {
        tags: ["chat"],
        summary:
          "The signed-in user's chats, newest activity first, with the other user, last message and unread count",
        querystring: ZChatsQuery,
        response: { 200: envelope(paged(ZChat)) },
      },
    },
    async (request) => ({ data: await chat.list(currentUser(request).userId, request.query, "/api/chats") }),
  );

  app.get(
    "/chats/updates",
    {
      onRequest: app.requireUser,
      schema: {
        tags: ["chat"],
        summary: "Messages of every chat of the user since a message id, for a client that reconnects",
        querystring: ZChatUpdatesQuery,
        response: { 200: envelope(z.array(ZChatUpdate)) },
      },
    },
    async (request) => ({ data: await chat.updates(currentUser(request).userId, request.query.after) }),
  );

  app.get(
    "/chats/:id",
    {
      onRequest: app.requireUser,
      schema: {
        tags: ["chat"],
        summary: "A chat with a page of its messages (oldest first); marks the other side's messages read",
        params: ZChatParams,
        querystring: ZChatMessagesQuery,
        response: { 200: envelope(ZChatWithMessages) },
      },
    },
    async (request) => ({
      data: await chat.open(currentUser(request).userId, request.params.id, request.query),
    }),
  );

  app.post(
    "/chats",
    {
      onRequest: app.requireUser,
      schema: {
        tags: ["chat"],
        summary: "Opens (or reuses) the chat with a user about an ad, with its first message",
        body: ZCreateChat,
        response: { 201: envelope(ZChatWithMessages) },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return { data: await chat.create(currentUser(request).userId, request.body) };
    },
  );

  app.post(
    "/chats/:id/messages",
    {
      onRequest: app.requireUser,
      schema: {
        tags: ["chat"],
        summary: "Sends a message in a chat (the socket's send-message, for clients without a socket)",
        params: ZChatParams,
        body: ZSendChatMessage,
        response: { 201: envelope(ZChatMessage) },
      },
    },
    async (request, reply) => {
      const { message } = await chat.send(
        currentUser(request).userId,
        request.params.id,
        request.body.text,
        request.body.clientId,
      );
      reply.code(201);
      return { data: message };
    },
  );

  for (const [method, blocked] of [
    ["POST", true],
    ["DELETE", false],
  ] as const) {
    app.route({
      method,
      url: "/chats/:id/block",
      onRequest: app.requireUser,
      schema: {
        tags: ["chat"],
        summary: blocked
          ? "Blocks the other user of a chat: their messages to the caller are refused"
          : "Unblocks the other user of a chat",
        params: ZChatParams,
        response: { 200: envelope(z.null()) },
      },
      handler: async (request) => {
        await chat.block(currentUser(request).userId, request.params.id, blocked);
        return { data: null, message: blocked ? CHAT_MESSAGES.blockedDone : CHAT_MESSAGES.unblockedDone };
      },
    });
  }

  // The chat module owns presence (the socket's rooms): this is the one view of it that is not about a contact.
  app.get(
    "/users/:id/presence",
    {
      onRequest: limit(app, { ...PRESENCE_RATE_LIMIT, key: ipKey("presence") }),
      schema: {
        tags: ["chat"],
        summary: "Whether a user is online now (the ad page's seller status); 404 for a banned or deleted user",
        params: z.object({ id: zId() }),
        response: { 200: envelope(ZUserPresence) },
      },
    },
    async (request, reply) => {
      // Status is live: no cache may keep it, and the page that shows it asks again on each visit.
      reply.header("Cache-Control", "no-store");
      return { data: await chat.presence(request.params.id) };
    },
  );
};
