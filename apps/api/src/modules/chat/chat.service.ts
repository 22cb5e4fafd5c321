import type { TPaged } from "@waterside/shared/api-envelope";
import type { TChat, TChatMessage, TChatWithMessages, TCreateChat, TUserPresence } from "@waterside/shared/chat";
import { CHAT_MESSAGES, CHAT_MESSAGES_PAGE, CHATS_PAGE } from "@waterside/shared/chat-messages";
import { imageVariantUrl } from "@waterside/shared/images";
import { eq } from "drizzle-orm";
import type { Database, Transaction } from "../../db/database.ts";
import type { DomainEvents, Publish } from "../../lib/domain-events.ts";
import { toPage } from "../../lib/paging.ts";
import { ads } from "../../db/schema/ads.ts";
import { HttpError, notFound } from "../../plugins/errors.ts";
import type { Realtime } from "../../plugins/realtime.ts";
import {
  findChat,
  findChats,
  findContacts,
  findContactsOf,
  findMembers,
  findMessages,
  findMessagesSince,
  findSent,
  insertMessage,
  findWritingStanding,
  isActiveUser,
  lockSender,
  markRead,
  openChat,
  setBlocked,
  type ChatRow,
  type MessageRow,
} from "./chat.queries.ts";

/**
 * Flood limits per sender (docs/decisions/039-chat-rules.md), counted in PostgreSQL under the sender's lock so every
 * process and every channel (socket, REST) shares them exactly: a burst of 20 a minute, 300 an hour.
 */
export const CHAT_RATE_LIMITS = [
  { seconds: 60, max: 20 },
  { seconds: 3600, max: 300 },
] as const;
const UPDATES_LIMIT = 500;

const iso = (value: string | Date) => new Date(value).toISOString();

export function toMessage(row: MessageRow, viewerId: number): TChatMessage {
  return {
    id: Number(row.id),
    text: row.text,
    createdAt: iso(row.created_at),
    isSender: row.sender_id === viewerId,
    isRead: row.read_at !== null,
    clientId: row.client_id,
  };
}

/** Refuses a message the standing does not allow, in the spec's words where it has them (decision 039). */
function refuseUnlessMayWrite(standing: Awaited<ReturnType<typeof findWritingStanding>>) {
  if (!standing.canReceive) {
    throw new HttpError(422, CHAT_MESSAGES.unavailable, { recieverId: [CHAT_MESSAGES.unavailable] });
  }
  if (standing.blocked) throw new HttpError(403, CHAT_MESSAGES.blocked);
  if (CHAT_RATE_LIMITS.some(({ max }, index) => standing.sent[index]! >= max)) {
    throw new HttpError(429, CHAT_MESSAGES.flooded);
  }
}

export function createChatService({
  db,
  events,
  realtime,
  mediaBaseUrl,
}: {
  db: Database;
  events: DomainEvents;
  realtime: Realtime;
  mediaBaseUrl: string;
}) {
  const media = (key: string | null, variant: "thumbnail" | "original") =>
    key ? imageVariantUrl(key, variant, mediaBaseUrl) : null;

  function toChat(row: ChatRow, viewerId: number): TChat {
    return {
      id: row.id,
      user: {
        id: row.other_id,
        name: row.other_name,
        profile_image: media(row.other_profile_image, "original"),
        bio: row.other_bio,
        usertype: { id: row.usertype_id, name: row.usertype_name },
        phone_number: row.other_phone_number,
        email: row.other_email,
      },
      lastMessage:
        row.message_id === null
          ? null
          : toMessage(
              {
                id: row.message_id,
                chat_id: row.id,
                sender_id: row.message_sender_id!,
                client_id: row.message_client_id,
                text: row.message_text!,
                read_at: row.message_read_at,
                created_at: row.message_created_at!,
              },
              viewerId,
            ),
      unReadCount: row.unread,
      productId:
        row.ad_id === null
          ? null
          : {
              id: row.ad_id,
              title: row.ad_title!,
              image: media(row.ad_image, "thumbnail"),
              price: Number(row.ad_price),
              category: { id: row.ad_category_id!, name: row.ad_category_name! },
              subcategory_id: row.ad_subcategory_id!,
            },
      updatedAt: iso(row.updated_at),
      blockedByMe: row.blocked_by_me,
      blockedMe: row.blocked_me,
    };
  }

  /**
   * Stores a message, in the chat `chatIn` gives (opening it, for a first message), under the sender's flood limits,
   * then tells both users' devices. Checking and storing happen under the sender's lock, so concurrent sends on any
   * process or channel pass exactly the limit, and none is stored after a block committed (decision 063). A client id
   * the sender already stored (a resend that raced its first try) is confirmed again, neither counted nor stored twice.
   */
  async function deliver(
    message: { senderId: number; receiverId: number; text: string; clientId?: string },
    chatIn: (tx: Transaction, publish: Publish) => Promise<number>,
  ) {
    const { senderId, receiverId, text, clientId = null } = message;
    const stored = await events.transaction(db, async (tx, publish) => {
      await lockSender(tx, senderId);
      const earlier = clientId === null ? undefined : await findSent(tx, senderId, clientId);
      if (earlier) return { row: earlier, created: false };
      refuseUnlessMayWrite(await findWritingStanding(tx, senderId, receiverId, CHAT_RATE_LIMITS));
      const chatId = await chatIn(tx, publish);
      const row = await insertMessage(tx, { chatId, senderId, text, clientId });
      await publish("chat.message.created", { chatId, messageId: Number(row.id), senderId, receiverId });
      return { row, created: true };
    });
    if (!stored.created) return confirm(stored.row, senderId);
    return { chatId: stored.row.chat_id, message: tell(stored.row, senderId, receiverId) };
  }

  function tell(row: MessageRow, senderId: number, receiverId: number) {
    const chatId = row.chat_id;
    // Telling again on a resend is what reaches a recipient when the first try's process died between the commit
    // and the emit; clients keep messages by id, so a repeat shows once.
    realtime.sendToUser(receiverId, "new-message", {
      message: toMessage(row, receiverId),
      payload: { chatId, isSender: false },
    });
    realtime.sendToUser(senderId, "new-message", {
      message: toMessage(row, senderId),
      payload: { chatId, isSender: true },
    });
    return toMessage(row, senderId);
  }

  /**
   * Checks everything that must hold before a user writes to another, in the spec's words where it has them, in one
   * round trip: the receiver can receive, neither blocked the other, the sender is not already over the flood limits
   * (refused here without waiting for their lock; `deliver` checks again under it, which is what holds exactly).
   */
  async function assertMayWrite(senderId: number, receiverId: number) {
    if (senderId === receiverId) throw new HttpError(422, CHAT_MESSAGES.self, { recieverId: [CHAT_MESSAGES.self] });
    refuseUnlessMayWrite(await findWritingStanding(db, senderId, receiverId, CHAT_RATE_LIMITS));
  }

  /** Opens (or reuses) the chat of two users about an ad and stores its first message. */
  async function start(userId: number, input: TCreateChat) {
    await assertMayWrite(userId, input.recieverId);
    let adId: number | null = null;
    let adOwner: number | null = null;
    if (input.productId !== undefined) {
      const [ad] = await db.select({ owner: ads.user_id }).from(ads).where(eq(ads.id, input.productId));
      // The ad is the seller's (or, when a seller writes to a buyer, the writer's own).
      if (!ad || (ad.owner !== input.recieverId && ad.owner !== userId)) {
        throw new HttpError(422, CHAT_MESSAGES.adNotTheirs, { productId: [CHAT_MESSAGES.adNotTheirs] });
      }
      adId = input.productId;
      adOwner = ad.owner;
    }
    let chatCreated = false;
    const sent = await deliver(
      { senderId: userId, receiverId: input.recieverId, text: input.firstMessage, clientId: input.clientId },
      // The chat is opened with its first message, so a refused message leaves no empty chat behind.
      async (tx, publish) => {
        const opened = await openChat(tx, userId, input.recieverId, adId);
        chatCreated = opened.created;
        // A buyer's new chat about the seller's ad (not a seller writing first about their own) is a contact.
        if (opened.created && adId !== null && adOwner !== userId) {
          await publish("chat.started", { chatId: opened.id, adId, buyerId: userId });
        }
        return opened.id;
      },
    );
    // A first chat makes the two contacts: each sees the other's status at once, without reconnecting. It is not
    // awaited (the message is what the sender waits for), and a failure only delays it to the next connect.
    if (chatCreated) void becameContacts(userId, input.recieverId).catch(() => {});
    return sent;
  }

  /** Sends each of these users their `online` list again: which of their contacts have a socket open now. */
  async function sendOnlineLists(userIds: number[]) {
    const contactsOf = await findContactsOf(db, userIds);
    const onlineNow = await realtime.onlineAmong([...new Set([...contactsOf.values()].flat())]);
    for (const [user, theirContacts] of contactsOf) {
      realtime.sendToUser(
        user,
        "online",
        theirContacts.filter((id) => onlineNow.has(id)),
      );
    }
  }

  async function becameContacts(userA: number, userB: number) {
    await sendOnlineLists([...(await realtime.onlineAmong([userA, userB]))]);
  }

  async function otherMember(chatId: number, userId: number) {
    const members = await findMembers(db, chatId);
    if (!members || (members.low !== userId && members.high !== userId)) throw notFound("Chat");
    return members.low === userId ? members.high : members.low;
  }

  /** Tells a stored message again and acknowledges it, to the other member of its chat. */
  async function confirm(row: MessageRow, senderId: number) {
    const members = (await findMembers(db, row.chat_id))!;
    return { chatId: row.chat_id, message: tell(row, senderId, members.low === senderId ? members.high : members.low) };
  }

  /**
   * A resend of a message already stored (its acknowledgement was lost): it is told again and acknowledged, without
   * the checks a new message passes, so a sender who hit the flood limit still gets their stored message confirmed.
   */
  async function resent(senderId: number, clientId: string | undefined) {
    if (clientId === undefined) return undefined;
    const row = await findSent(db, senderId, clientId);
    return row && confirm(row, senderId);
  }

  return {
    async list(userId: number, query: { page?: number; search?: string }, path: string): Promise<TPaged<TChat>> {
      const page = query.page ?? 1;
      const { rows, total } = await findChats(db, userId, {
        search: query.search,
        limit: CHATS_PAGE,
        offset: (page - 1) * CHATS_PAGE,
      });
      return toPage(
        rows.map((row) => toChat(row, userId)),
        total,
        page,
        CHATS_PAGE,
        { path, query: { search: query.search || undefined } },
      );
    },

    /** A chat with a page of its messages; reading it marks the other side's messages read and tells them. */
    async open(
      userId: number,
      chatId: number,
      page: { before?: number; after?: number; limit: number },
    ): Promise<TChatWithMessages> {
      const otherId = await otherMember(chatId, userId);
      const upTo = await markRead(db, chatId, userId);
      if (upTo !== null) realtime.sendToUser(otherId, "messages-read", { chatId, upTo });
      const [row, { messages, hasOlder }] = await Promise.all([
        findChat(db, userId, chatId),
        findMessages(db, chatId, page),
      ]);
      return {
        ...toChat(row!, userId),
        messages: messages.map((message) => toMessage(message, userId)),
        hasOlder,
      };
    },

    /** Spec §7 "POST create chat": opens (or reuses) the chat of two users about an ad, with its first message. */
    async create(userId: number, input: TCreateChat): Promise<TChatWithMessages> {
      const { chatId } = (await resent(userId, input.clientId)) ?? (await start(userId, input));
      return this.open(userId, chatId, { limit: CHAT_MESSAGES_PAGE });
    },

    /** A message in a chat the user is in. */
    async send(userId: number, chatId: number, text: string, clientId?: string, knownOtherId?: number) {
      const otherId = knownOtherId ?? (await otherMember(chatId, userId));
      const again = await resent(userId, clientId);
      if (again) return again;
      await assertMayWrite(userId, otherId);
      return deliver({ senderId: userId, receiverId: otherId, text, clientId }, async () => chatId);
    },

    /**
     * The socket's send-message (spec §7): into `payload.chatId` when given (its other member must be `to`), else
     * into the chat of the two users about `payload.productId`, opened on the first message.
     */
    async sendTo(
      userId: number,
      event: { to: number; message: string; payload: { chatId?: number; productId?: number }; clientId?: string },
    ) {
      if (event.payload.chatId !== undefined) {
        const otherId = await otherMember(event.payload.chatId, userId);
        if (otherId !== event.to) throw notFound("Chat");
        return this.send(userId, event.payload.chatId, event.message, event.clientId, otherId);
      }
      return (
        (await resent(userId, event.clientId)) ??
        (await start(userId, {
          recieverId: event.to,
          firstMessage: event.message,
          productId: event.payload.productId,
          clientId: event.clientId,
        }))
      );
    },

    /** What a reconnecting client missed since the last message it has, in every chat. */
    async updates(userId: number, afterId: number) {
      const rows = await findMessagesSince(db, userId, afterId, UPDATES_LIMIT);
      return rows.map((row) => ({ chatId: row.chat_id, message: toMessage(row, userId) }));
    },

    /**
     * Blocks or unblocks the other member of a chat, then tells both users' devices at once (decision 063): the
     * blocked user's screen stops offering to write without a reload, and the blocker's other devices follow.
     */
    async block(userId: number, chatId: number, blocked: boolean) {
      const otherId = await otherMember(chatId, userId);
      const { blockedBack } = await db.transaction((tx) => setBlocked(tx, userId, otherId, blocked));
      realtime.sendToUser(userId, "block-changed", { userId: otherId, blockedByMe: blocked, blockedMe: blockedBack });
      realtime.sendToUser(otherId, "block-changed", { userId, blockedByMe: blockedBack, blockedMe: blocked });
    },

    /** The ids of a user's contacts who are online. */
    async onlineContacts(userId: number) {
      return [...(await realtime.onlineAmong(await findContacts(db, userId)))];
    },

    /** A user came online or went offline: each of their online contacts gets their list again. */
    async presenceChanged(userId: number) {
      await sendOnlineLists([...(await realtime.onlineAmong(await findContacts(db, userId)))]);
    },

    /**
     * Spec §2 ad page: whether a user has a socket open now, on any process. Anyone may ask, as anyone sees the
     * seller's status on an ad; an unknown, banned or deleted user is 404, as their profile is.
     */
    async presence(userId: number): Promise<TUserPresence> {
      const [active, online] = await Promise.all([isActiveUser(db, userId), realtime.onlineAmong([userId])]);
      if (!active) throw notFound("User");
      return { online: online.has(userId) };
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
