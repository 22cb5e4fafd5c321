import type { TPaged } from "@waterside/shared/api-envelope";
import type { TChat, TChatMessage, TChatWithMessages, TCreateChat, TUserPresence } from "@waterside/shared/chat";
import { CHAT_MESSAGES, CHAT_MESSAGES_PAGE, CHATS_PAGE } from "@waterside/shared/chat-messages";
import { imageVariantUrl } from "@waterside/shared/images";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Redis } from "ioredis";
import type { Database } from "../../db/database.ts";
import type { DomainEvents } from "../../lib/domain-events.ts";
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
  findRecentSends,
  findSent,
  isActiveUser,
  markRead,
  setBlocked,
  type ChatRow,
  type MessageRow,
} from "./chat.queries.ts";
import { memoryFloodAllowance, redisFloodAllowance, type FloodAllowance } from "./flood-allowance.ts";
import { createMessageWriter, type MessageOrder } from "./message-writer.ts";

/**
 * Flood limits per sender (docs/decisions/039-chat-rules.md): a burst of 20 a minute, 300 an hour, shared by every
 * channel (socket, REST) and, with REDIS_URL, every process (decision 101).
 */
export const CHAT_RATE_LIMITS = [
  { seconds: 60, max: 20 },
  { seconds: 3600, max: 300 },
] as const;
const UPDATES_LIMIT = 500;
/** Chats whose members this process keeps: a chat's two users never change, so a kept pair is never stale. */
const MEMBERS_KEPT = 100_000;
/** How often a process alone forgets the flood counts of senders quiet for the longest window. */
const FORGET_IDLE_MS = 10 * 60_000;

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

export function createChatService({
  db,
  events,
  realtime,
  redis = null,
  mediaBaseUrl,
}: {
  db: Database;
  events: DomainEvents;
  realtime: Realtime;
  /** Where the flood counters are shared between processes; without it they are kept in this process. */
  redis?: Redis | null;
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

  const writer = createMessageWriter(db, events);
  const longestWindow = Math.max(...CHAT_RATE_LIMITS.map(({ seconds }) => seconds));
  const readSent = (senderId: number) => findRecentSends(db, senderId, longestWindow);
  const flood: FloodAllowance = redis
    ? redisFloodAllowance(redis, CHAT_RATE_LIMITS, readSent)
    : (() => {
        const inMemory = memoryFloodAllowance(CHAT_RATE_LIMITS, readSent);
        setInterval(() => inMemory.forgetIdle(), FORGET_IDLE_MS).unref();
        return inMemory;
      })();

  /**
   * Stores a message under its sender's flood limits, then tells both users' devices. The limit is a counter taken
   * before the message joins its process's next batch (decision 101); the batch checks the receiver and blocks under
   * the senders' locks, so none is stored after a block committed (decision 063). A client id the sender already
   * stored (a resend) is confirmed again, neither counted nor stored twice; a resend is confirmed even at the limit.
   * `acknowledgedTo`: the socket whose acknowledgement carries the message, not told it again (decision 114).
   */
  async function deliver(order: MessageOrder, acknowledgedTo?: string) {
    const { senderId, receiverId, clientId } = order;
    // Every try of one message holds one place; a message without a client id is its own.
    const member = clientId === null ? `u:${randomUUID()}` : `c:${clientId}`;
    const allowance = await flood.take(senderId, member);
    if (allowance === "refused") {
      const earlier = clientId === null ? undefined : await findSent(db, senderId, clientId);
      if (earlier) return confirm(earlier, senderId, acknowledgedTo);
      throw new HttpError(429, CHAT_MESSAGES.flooded);
    }
    const giveBack = () => (allowance === "taken" ? flood.giveBack(senderId, member) : Promise.resolve());
    const written = await writer.write(order).catch(async (error: unknown) => {
      // A message with a client id keeps its place: its sender tries it again under the same id.
      if (clientId === null) await giveBack();
      throw error;
    });
    if (written.kind === "refused") {
      await giveBack();
      if (written.error.statusCode === 404 && "id" in order.chat) members.delete(order.chat.id);
      throw written.error;
    }
    if (written.kind === "found") {
      // Another try of this message stored it: a process's two batches in flight can commit in either order, so the
      // try that took the place may find the copy that did not. The place stays for the stored copy, unless it was
      // stored before the counter's window (a very late resend), when it was counted then.
      if (Date.parse(written.row.created_at) < Date.now() - longestWindow * 1000) await giveBack();
      return confirm(written.row, senderId, acknowledgedTo);
    }
    if (written.chatCreated) void becameContacts(senderId, receiverId).catch(() => {});
    return { chatId: written.row.chat_id, message: tell(written.row, senderId, receiverId, acknowledgedTo) };
  }

  function tell(row: MessageRow, senderId: number, receiverId: number, acknowledgedTo?: string) {
    const chatId = row.chat_id;
    // Telling again on a resend is what reaches a recipient when the first try's process died between the commit
    // and the emit; clients keep messages by id, so a repeat shows once.
    realtime.sendToUser(receiverId, "new-message", {
      message: toMessage(row, receiverId),
      payload: { chatId, isSender: false },
    });
    const told = { message: toMessage(row, senderId), payload: { chatId, isSender: true } };
    if (acknowledgedTo === undefined) realtime.sendToUser(senderId, "new-message", told);
    else realtime.sendToUserExcept(senderId, acknowledgedTo, "new-message", told);
    return told.message;
  }

  const refuseSelf = (senderId: number, receiverId: number) => {
    if (senderId === receiverId) throw new HttpError(422, CHAT_MESSAGES.self, { recieverId: [CHAT_MESSAGES.self] });
  };

  /** Opens (or reuses) the chat of two users about an ad and stores its first message. */
  async function start(userId: number, input: TCreateChat, acknowledgedTo?: string) {
    refuseSelf(userId, input.recieverId);
    let adId: number | null = null;
    let adOwner: number | null = null;
    if (input.productId !== undefined) {
      const again = await resent(userId, input.clientId, acknowledgedTo);
      if (again) return again;
      const [ad] = await db.select({ owner: ads.user_id }).from(ads).where(eq(ads.id, input.productId));
      // The ad is the seller's (or, when a seller writes to a buyer, the writer's own).
      if (!ad || (ad.owner !== input.recieverId && ad.owner !== userId)) {
        throw new HttpError(422, CHAT_MESSAGES.adNotTheirs, { productId: [CHAT_MESSAGES.adNotTheirs] });
      }
      adId = input.productId;
      adOwner = ad.owner;
    }
    // The chat is opened with its first message, in the batch that stores it, so a refused message leaves no empty
    // chat behind. A first chat makes the two contacts (deliver tells them).
    return deliver(
      {
        senderId: userId,
        receiverId: input.recieverId,
        text: input.firstMessage,
        clientId: input.clientId ?? null,
        chat: { open: { adId, isContact: adOwner !== userId } },
      },
      acknowledgedTo,
    );
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

  // Online lists to send again, gathered over one turn of the event loop: a burst of connects, or of first messages
  // opening chats, costs one query and one room look-up per turn instead of some for each (decision 101).
  const due = { lists: new Set<number>(), contactsOf: new Set<number>() };
  let round: Promise<void> | undefined;
  function sendOnlineListsSoon() {
    round ??= new Promise((resolve) => setImmediate(resolve)).then(async () => {
      round = undefined;
      const lists = [...due.lists];
      const changed = [...due.contactsOf];
      due.lists.clear();
      due.contactsOf.clear();
      const contacts = changed.length === 0 ? [] : [...(await findContactsOf(db, changed)).values()].flat();
      await sendOnlineLists([...(await realtime.onlineAmong([...new Set([...lists, ...contacts])]))]);
    });
    return round;
  }

  /** Two users who just became contacts each get their list again, if online. */
  function becameContacts(userA: number, userB: number) {
    due.lists.add(userA).add(userB);
    return sendOnlineListsSoon();
  }

  // A chat's members, kept: every message into a chat needs them, and they never change.
  const members = new Map<number, { low: number; high: number }>();
  async function membersOf(chatId: number) {
    const kept = members.get(chatId);
    if (kept) return kept;
    const found = await findMembers(db, chatId);
    if (!found) return undefined;
    if (members.size >= MEMBERS_KEPT) members.delete(members.keys().next().value!);
    members.set(chatId, found);
    return found;
  }

  async function otherMember(chatId: number, userId: number) {
    const pair = await membersOf(chatId);
    if (!pair || (pair.low !== userId && pair.high !== userId)) throw notFound("Chat");
    return pair.low === userId ? pair.high : pair.low;
  }

  /** Tells a stored message again and acknowledges it, to the other member of its chat. */
  async function confirm(row: MessageRow, senderId: number, acknowledgedTo?: string) {
    const pair = (await membersOf(row.chat_id))!;
    const receiverId = pair.low === senderId ? pair.high : pair.low;
    return { chatId: row.chat_id, message: tell(row, senderId, receiverId, acknowledgedTo) };
  }

  /**
   * A resend of a first message about an ad already stored (its acknowledgement was lost): it is told again and
   * acknowledged before the ad is looked at, as the ad may be gone since. Other resends are found by the batch.
   */
  async function resent(senderId: number, clientId: string | undefined, acknowledgedTo?: string) {
    if (clientId === undefined) return undefined;
    const row = await findSent(db, senderId, clientId);
    return row && confirm(row, senderId, acknowledgedTo);
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
      const { chatId } = await start(userId, input);
      return this.open(userId, chatId, { limit: CHAT_MESSAGES_PAGE });
    },

    /** A message in a chat the user is in. */
    async send(userId: number, chatId: number, text: string, clientId?: string, knownOtherId?: number) {
      const otherId = knownOtherId ?? (await otherMember(chatId, userId));
      return deliver({ senderId: userId, receiverId: otherId, text, clientId: clientId ?? null, chat: { id: chatId } });
    },

    /**
     * The socket's send-message (spec §7): into `payload.chatId` when given (its other member must be `to`), else
     * into the chat of the two users about `payload.productId`, opened on the first message. `acknowledgedTo`: the
     * sending socket, when it asked for an acknowledgement (the message is in it, decision 114).
     */
    async sendTo(
      userId: number,
      event: { to: number; message: string; payload: { chatId?: number; productId?: number }; clientId?: string },
      acknowledgedTo?: string,
    ) {
      const { chatId } = event.payload;
      if (chatId !== undefined) {
        const otherId = await otherMember(chatId, userId);
        if (otherId !== event.to) throw notFound("Chat");
        const order = { senderId: userId, receiverId: otherId, text: event.message, clientId: event.clientId ?? null };
        return deliver({ ...order, chat: { id: chatId } }, acknowledgedTo);
      }
      const input = { recieverId: event.to, firstMessage: event.message, productId: event.payload.productId };
      return start(userId, { ...input, clientId: event.clientId }, acknowledgedTo);
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
    presenceChanged(userId: number) {
      due.contactsOf.add(userId);
      return sendOnlineListsSoon();
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

    /**
     * For a closing process, before Socket.IO and Redis close: messages not yet in a batch are refused (503, sent
     * again elsewhere), and those being written are stored and told, so devices on other processes still hear of them.
     */
    close: () => writer.close(),
  };
}

export type ChatService = ReturnType<typeof createChatService>;
