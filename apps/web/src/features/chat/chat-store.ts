import type { TChat, TChatMessage } from "@waterside/shared/chat";
import { useSyncExternalStore } from "react";

/**
 * A message the user wrote that the server has not acknowledged yet (docs/decisions/038-chat-delivery.md). It keeps
 * its `clientId` from the first try to the last, so however often it is sent it is stored once.
 */
export interface PendingMessage {
  clientId: string;
  /** Null while the chat is local: this message creates it (spec §4). */
  chatId: number | null;
  to: number;
  /** The other user's name, for 'Error opening chat with {seller}' (spec §8). */
  toName: string;
  productId: number | null;
  text: string;
  createdAt: string;
  /** `sending` is tried until acknowledged; `failed` was refused and waits for Retry or Delete. */
  status: "sending" | "failed";
  /** Tried without an answer yet (offline, no acknowledgement in time): it is tried again by itself. */
  stalled?: boolean;
  error?: string;
}

export interface Conversation {
  status: "loading" | "ready" | "missing" | "error";
  /** Stored messages, oldest first, each id once. */
  messages: TChatMessage[];
  hasOlder: boolean;
  olderStatus: "idle" | "loading" | "error";
}

export interface ChatList {
  status: "idle" | "loading" | "ready" | "error";
  search: string;
  ids: number[];
  page: number;
  hasMore: boolean;
  moreStatus: "idle" | "loading" | "error";
}

export interface ChatState {
  userId: number | null;
  /** Every chat the screen knows, by id: the list's, an opened one, one found for a seller. */
  chats: ReadonlyMap<number, TChat>;
  list: ChatList;
  conversations: ReadonlyMap<number, Conversation>;
  pending: readonly PendingMessage[];
  connection: "connecting" | "connected" | "offline";
}

const EMPTY_LIST: ChatList = {
  status: "idle",
  search: "",
  ids: [],
  page: 0,
  hasMore: false,
  moreStatus: "idle",
};

const initial = (userId: number | null, pending: PendingMessage[] = []): ChatState => ({
  userId,
  chats: new Map(),
  list: EMPTY_LIST,
  conversations: new Map(),
  pending,
  connection: "connecting",
});

let state: ChatState = initial(null);
const listeners = new Set<() => void>();

export const getChatState = () => state;

export function setChatState(update: (current: ChatState) => ChatState) {
  const next = update(state);
  if (next === state) return;
  state = next;
  listeners.forEach((listener) => listener());
}

export function resetChatState(userId: number | null, pending: PendingMessage[] = []) {
  setChatState(() => initial(userId, pending));
}

export function subscribeChatState(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** A slice of the chat state; the selector must return something already in the state (or a primitive). */
export function useChatState<T>(select: (current: ChatState) => T): T {
  return useSyncExternalStore(
    subscribeChatState,
    () => select(state),
    () => select(initial(null)),
  );
}

/** Messages merged by id, oldest first: whatever way a message arrives (ack, socket, catch-up), it shows once. */
export function mergeMessages(current: TChatMessage[], incoming: TChatMessage[]): TChatMessage[] {
  if (incoming.length === 0) return current;
  const byId = new Map(current.map((message) => [message.id, message]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

const withChats = (current: ChatState, chats: TChat[]) => {
  if (chats.length === 0) return current.chats;
  const next = new Map(current.chats);
  for (const chat of chats) next.set(chat.id, chat);
  return next;
};

/** Chats read from the server replace what was known of them. */
export function rememberChats(chats: TChat[]) {
  setChatState((current) => ({ ...current, chats: withChats(current, chats) }));
}

export function setList(list: Partial<ChatList>, chats: TChat[] = []) {
  setChatState((current) => ({ ...current, chats: withChats(current, chats), list: { ...current.list, ...list } }));
}

export function setConversation(chatId: number, update: (conversation: Conversation | undefined) => Conversation) {
  setChatState((current) => {
    const conversations = new Map(current.conversations);
    conversations.set(chatId, update(current.conversations.get(chatId)));
    return { ...current, conversations };
  });
}

/** A chat with messages belongs in the unfiltered list, once it is loaded (a chat just created, a new contact). */
const listing = (current: ChatState, chatId: number): ChatList =>
  current.list.status === "ready" && current.list.search === "" && !current.list.ids.includes(chatId)
    ? { ...current.list, ids: [chatId, ...current.list.ids] }
    : current.list;

/** The chat as the server gave it with a page of messages: the chat is remembered, the messages merged. */
export function receiveChatPage(
  chat: TChat & { messages: TChatMessage[]; hasOlder: boolean },
  page: "newest" | "older" | "newer",
) {
  const { messages, hasOlder, ...summary } = chat;
  setChatState((current) => {
    const conversations = new Map(current.conversations);
    const before = current.conversations.get(chat.id);
    conversations.set(chat.id, {
      status: "ready",
      messages: mergeMessages(before?.messages ?? [], messages),
      // A page after a message says nothing about what is older.
      hasOlder:
        page === "newer" ? (before?.hasOlder ?? hasOlder) : page === "older" || !before ? hasOlder : before.hasOlder,
      olderStatus: "idle",
    });
    const stored = new Set(messages.filter((message) => message.isSender).map((message) => message.clientId));
    return {
      ...current,
      chats: withChats(current, [summary]),
      list: summary.lastMessage ? listing(current, chat.id) : current.list,
      conversations,
      pending: stored.size ? current.pending.filter((item) => !stored.has(item.clientId)) : current.pending,
    };
  });
}

/**
 * A stored message, however it arrived: it joins its conversation (once), becomes its chat's last message when it
 * is the newest, counts on the chat's unread badge when the runtime says so (`countUnread`: its one rule of unread),
 * and ends the pending copy the user's device kept of it. Returns whether its chat is known here.
 */
export function receiveMessage(chatId: number, message: TChatMessage, { countUnread }: { countUnread: boolean }) {
  let known = false;
  setChatState((current) => {
    const chat = current.chats.get(chatId);
    known = chat !== undefined;
    let chats = current.chats;
    if (chat && message.id >= (chat.lastMessage?.id ?? 0)) {
      const isNewer = message.id > (chat.lastMessage?.id ?? 0);
      const next = new Map(chats);
      chats = next;
      next.set(chatId, {
        ...chat,
        lastMessage: message,
        updatedAt: isNewer ? message.createdAt : chat.updatedAt,
        unReadCount: isNewer && countUnread ? chat.unReadCount + 1 : chat.unReadCount,
      });
    }
    let conversations = current.conversations;
    const conversation = conversations.get(chatId);
    // A conversation still loading keeps it too: its page may have been read before this message was stored.
    if (conversation?.status === "ready" || conversation?.status === "loading") {
      const next = new Map(conversations);
      conversations = next;
      next.set(chatId, { ...conversation, messages: mergeMessages(conversation.messages, [message]) });
    }
    const pending =
      message.isSender && message.clientId !== null
        ? current.pending.filter((item) => item.clientId !== message.clientId)
        : current.pending;
    return { ...current, chats, list: known ? listing(current, chatId) : current.list, conversations, pending };
  });
  return known;
}

/**
 * A block between the user and another was set or lifted (decision 063): it holds for every chat of the two, so each
 * of them shows it. `blockedMe` is kept as known when only the user's own side changed.
 */
export function setBlockStanding(otherId: number, standing: { blockedByMe: boolean; blockedMe?: boolean }) {
  setChatState((current) => {
    let chats: Map<number, TChat> | null = null;
    for (const chat of current.chats.values()) {
      if (chat.user.id !== otherId) continue;
      chats ??= new Map(current.chats);
      chats.set(chat.id, {
        ...chat,
        blockedByMe: standing.blockedByMe,
        blockedMe: standing.blockedMe ?? chat.blockedMe,
      });
    }
    return chats ? { ...current, chats } : current;
  });
}

/** The other side read this chat up to a message (the socket's `messages-read`): the user's ticks turn to read. */
export function markReadUpTo(chatId: number, upTo: number) {
  const read = (message: TChatMessage) =>
    message.isSender && !message.isRead && message.id <= upTo ? { ...message, isRead: true } : message;
  setChatState((current) => {
    const chats = new Map(current.chats);
    const chat = chats.get(chatId);
    if (chat?.lastMessage) chats.set(chatId, { ...chat, lastMessage: read(chat.lastMessage) });
    const conversations = new Map(current.conversations);
    const conversation = conversations.get(chatId);
    if (conversation) conversations.set(chatId, { ...conversation, messages: conversation.messages.map(read) });
    return { ...current, chats, conversations };
  });
}

export function updatePending(clientId: string, update: (item: PendingMessage) => PendingMessage | null) {
  setChatState((current) => ({
    ...current,
    pending: current.pending.flatMap((item) => {
      if (item.clientId !== clientId) return [item];
      const next = update(item);
      return next ? [next] : [];
    }),
  }));
}

/** The chats of the list in the spec's order: newest activity first (spec §4). */
export function listChats(list: ChatList, chats: ChatState["chats"]): TChat[] {
  return list.ids
    .map((id) => chats.get(id))
    .filter((chat): chat is TChat => chat !== undefined)
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || b.id - a.id);
}

/** The chat the user already has with a seller about an ad, if this screen knows it. */
export function findChatWith(current: ChatState, userId: number, productId: number | null) {
  for (const chat of current.chats.values()) {
    if (chat.user.id === userId && (chat.productId?.id ?? null) === productId) return chat;
  }
  return undefined;
}
