import { z } from "zod";
import {
  CHAT_CLIENT_ID_MAX,
  CHAT_MESSAGE_MAX,
  CHAT_MESSAGES,
  CHAT_MESSAGES_PAGE,
  DEAL_NOTICE_PREFIX,
} from "./chat-messages.ts";
import { zId, zPage } from "./ids.ts";

/** Message ids are 64-bit: a cursor can pass the 32-bit `zId` bound. */
const zMessageId = zId(undefined, Number.MAX_SAFE_INTEGER);

/** A message's text: trimmed, not empty (spec §5), not longer than the documented limit. */
export const ZChatText = z
  .string({ message: CHAT_MESSAGES.empty })
  .trim()
  .min(1, CHAT_MESSAGES.empty)
  .max(CHAT_MESSAGE_MAX, CHAT_MESSAGES.tooLong);

export const ZClientMessageId = z
  .string()
  .trim()
  .min(1)
  .max(CHAT_CLIENT_ID_MAX)
  // A safe deal's steps carry these in its chat (issue 33): a person's message must never pass for one.
  .refine((id) => !id.startsWith(DEAL_NOTICE_PREFIX), "This message id is reserved.");

/** Spec §3 "Message", with the sender's own id for it (`clientId`) so a resend is recognised. */
export const ZChatMessage = z.object({
  id: z.number().int(),
  text: z.string(),
  createdAt: z.string(),
  isSender: z.boolean(),
  isRead: z.boolean(),
  clientId: z.string().nullable(),
});
export type TChatMessage = z.infer<typeof ZChatMessage>;

/** Spec §3 "Chat" user: the other side of the conversation. */
export const ZChatUser = z.object({
  id: z.number().int(),
  name: z.string(),
  profile_image: z.string().nullable(),
  bio: z.string().nullable(),
  usertype: z.object({ id: z.number().int(), name: z.string() }),
  phone_number: z.string().nullable(),
  email: z.string().nullable(),
});

/** The ad a chat is about, as the chat header shows it (navigation state `productDetails`, spec §2). */
export const ZChatProduct = z.object({
  id: z.number().int(),
  title: z.string(),
  image: z.string().nullable(),
  price: z.number(),
  category: z.object({ id: z.number().int(), name: z.string() }),
  subcategory_id: z.number().int(),
});

export const ZChat = z.object({
  id: z.number().int(),
  user: ZChatUser,
  lastMessage: ZChatMessage.nullable(),
  unReadCount: z.number().int(),
  productId: ZChatProduct.nullable(),
  updatedAt: z.string(),
  /** Beyond the spec: who has blocked whom (docs/decisions/039-chat-rules.md). */
  blockedByMe: z.boolean(),
  blockedMe: z.boolean(),
});
export type TChat = z.infer<typeof ZChat>;

/** GET /chats/{id}: the chat with a page of its messages, oldest first. */
export const ZChatWithMessages = ZChat.extend({
  messages: z.array(ZChatMessage),
  /** Whether older messages exist before the first one given (ask again with `before`). */
  hasOlder: z.boolean(),
});
export type TChatWithMessages = z.infer<typeof ZChatWithMessages>;

export const ZChatsQuery = z.object({
  page: zPage().optional(),
  search: z.preprocess((value) => (value === "" ? undefined : value), z.string().trim().max(100).optional()),
});
export const ZChatParams = z.object({ id: zId() });
export const ZChatMessagesQuery = z.object({
  /** Older messages than this one (scrolling up). */
  before: zMessageId.optional(),
  /** Newer messages than this one (after a reconnect). */
  after: zMessageId.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(CHAT_MESSAGES_PAGE),
});

/** Spec §7 "POST create chat": recieverId (sic, the contract's spelling), firstMessage, productId. */
export const ZCreateChat = z.object({
  recieverId: zId(CHAT_MESSAGES.receiverRequired),
  firstMessage: ZChatText,
  productId: z.preprocess((value) => (value === "" || value === null ? undefined : value), zId().optional()),
  clientId: ZClientMessageId.optional(),
});
export type TCreateChat = z.infer<typeof ZCreateChat>;

export const ZSendChatMessage = z.object({ text: ZChatText, clientId: ZClientMessageId.optional() });

/** GET /chats/updates: every message of the caller's chats since a message id (a reconnecting client). */
/** `after=0` asks from the start (a client that has no message yet); the reply holds at most 500. */
export const ZChatUpdatesQuery = z.object({ after: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER) });
export const ZChatUpdate = z.object({ chatId: z.number().int(), message: ZChatMessage });

/** The socket's send-message event (spec §7): `to`, `message`, `token`, `payload.chatId`, and our `clientId`. */
export const ZSocketSendMessage = z.object({
  to: zId(CHAT_MESSAGES.receiverRequired),
  message: ZChatText,
  token: z.string().optional(),
  payload: z.object({ chatId: zId().optional(), productId: zId().optional() }).optional().default({}),
  clientId: ZClientMessageId.optional(),
});

/**
 * GET /users/{id}/presence (beyond the spec's calls): whether a user has a socket open now, for the ad page's seller
 * status (spec §2). Kept this small on purpose: every ad page view asks it (docs/decisions/039-chat-rules.md).
 */
export const ZUserPresence = z.object({ online: z.boolean() });
export type TUserPresence = z.infer<typeof ZUserPresence>;
