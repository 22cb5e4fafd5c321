import type { TChatMessage } from "@waterside/shared/chat";
import { CHAT_MESSAGES } from "@waterside/shared/chat-messages";
import type { ClientToServerEvents, TSendMessageAck } from "@waterside/shared/realtime";
import { ApiError, isMissing } from "~/lib/api-client";
import { notify } from "~/lib/notify";
import { authedTransport, currentSession, getAccessToken } from "~/lib/session";
import { closeSocket, openSocket, type RealtimeSocket } from "~/lib/socket";
import { blockChatUser } from "./api/block-chat-user";
import { createChat } from "./api/create-chat";
import { getChat } from "./api/get-chat";
import { getChatUpdates } from "./api/get-chat-updates";
import { getChats } from "./api/get-chats";
import { sendChatMessage } from "./api/send-chat-message";
import { unblockChatUser } from "./api/unblock-chat-user";
import {
  getChatState,
  markReadUpTo,
  receiveChatPage,
  receiveMessage,
  rememberChats,
  resetChatState,
  setBlockStanding,
  setChatState,
  setConversation,
  setList,
  subscribeChatState,
  updatePending,
  type PendingMessage,
} from "./chat-store";
import { flagNewMessages } from "./new-messages";
import { outboxChange, readLastMessageId, readOutbox, writeLastMessageId, writeOutbox } from "./outbox";

/**
 * The chat's delivery (docs/decisions/038-chat-delivery.md), one per tab: the socket's events feed the store, the
 * messages the user writes wait in a persisted outbox and are sent (socket, or REST when the socket is down) with
 * their client id until acknowledged, and every (re)connect asks what was missed since the highest known message id.
 */

/** How long an acknowledgement may take before the message counts as stalled and is tried again. */
const ACK_TIMEOUT_MS = 10_000;
/** Stalled messages are tried again after this long, doubling up to the cap, and at once on reconnect or online. */
const RETRY_FIRST_MS = 3_000;
const RETRY_MAX_MS = 60_000;

let running: { userId: number; socket: RealtimeSocket; stop: () => void } | null = null;
let lastKnownId = 0;
let activeChatId: number | null = null;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let retryDelay = RETRY_FIRST_MS;

const onChatPage = () => window.location.pathname === "/chat" || window.location.pathname.startsWith("/chat/");
const isVisible = () => document.visibilityState === "visible";

function noteMessageId(id: number) {
  if (id <= lastKnownId) return;
  lastKnownId = id;
  if (running) writeLastMessageId(running.userId, id);
}

/** Opens the socket for the signed-in user (once per tab) and sends what an earlier visit left unsent. */
export function startChat() {
  const session = currentSession();
  if (!session) return;
  if (running?.userId === session.user.id) {
    openSocket();
    return;
  }
  stopChat();
  const userId = session.user.id;
  const socket = openSocket();
  if (!socket) return;
  lastKnownId = readLastMessageId(userId);
  // A reload makes every kept message "sending" again: it is tried at once, with its first id.
  resetChatState(
    userId,
    readOutbox(userId).map((item) => ({ ...item, stalled: false })),
  );

  let savedPending = getChatState().pending;
  const unsubscribe = subscribeChatState(() => {
    const { pending } = getChatState();
    if (pending === savedPending) return;
    savedPending = pending;
    writeOutbox(userId, pending);
  });

  const connection = () =>
    setChatState((current) => {
      const next = socket.connected ? "connected" : navigator.onLine ? "connecting" : "offline";
      return current.connection === next ? current : { ...current, connection: next };
    });
  socket.on("connect", () => {
    connection();
    void catchUp();
    void flush();
    if (activeChatId !== null && isVisible()) void refreshConversation(activeChatId);
  });
  socket.on("disconnect", connection);
  socket.on("connect_error", connection);
  socket.on("new-message", ({ message, payload }) => incoming(payload.chatId, message));
  socket.on("messages-read", ({ chatId, upTo }) => markReadUpTo(chatId, upTo));
  // Either user blocked or unblocked the other (decision 063): the composer follows at once, without a reload.
  socket.on("block-changed", ({ userId: otherId, blockedByMe, blockedMe }) =>
    setBlockStanding(otherId, { blockedByMe, blockedMe }),
  );

  // One outbox for the user's tabs: what one adds or settles, the others learn (decision 038).
  const otherTab = (event: StorageEvent) => {
    const change = outboxChange(event, userId);
    if (!change || (change.added.length === 0 && change.removed.size === 0)) return;
    setChatState((current) => {
      const known = new Set(current.pending.map((item) => item.clientId));
      return {
        ...current,
        pending: [
          ...current.pending.filter((item) => !change.removed.has(item.clientId)),
          ...change.added.filter((item) => !known.has(item.clientId)),
        ],
      };
    });
    if (change.added.length > 0) void flush();
  };
  const online = () => {
    connection();
    retryDelay = RETRY_FIRST_MS;
    void flush();
  };
  const visible = () => {
    if (!isVisible()) return;
    if (activeChatId !== null) void refreshConversation(activeChatId);
    void flush();
  };
  window.addEventListener("storage", otherTab);
  window.addEventListener("online", online);
  window.addEventListener("offline", connection);
  document.addEventListener("visibilitychange", visible);

  running = {
    userId,
    socket,
    stop: () => {
      unsubscribe();
      window.removeEventListener("storage", otherTab);
      window.removeEventListener("online", online);
      window.removeEventListener("offline", connection);
      document.removeEventListener("visibilitychange", visible);
    },
  };
  connection();
  void flush();
}

/** Signing out (or another user signing in) closes the socket and forgets this user's chats in memory. */
export function stopChat() {
  clearTimeout(retryTimer);
  if (!running) return;
  running.stop();
  running = null;
  closeSocket();
  resetChatState(null);
}

/** A message stored on the server, from the socket or a catch-up. */
function incoming(chatId: number, message: TChatMessage) {
  const isNew = message.id > lastKnownId;
  noteMessageId(message.id);
  const reading = chatId === activeChatId && isVisible();
  // The one rule of unread: a message from the other side they have not read. It counts on its chat's badge unless
  // the chat is open and in view, and, when it is news to this browser, lights the red dot off the chat page.
  const unread = !message.isSender && !message.isRead;
  const known = receiveMessage(chatId, message, { countUnread: unread && !reading });
  if (unread && isNew) {
    if (!onChatPage()) flagNewMessages();
    // The open conversation reads it at once: the server marks it read and tells the sender.
    if (reading) markReadSoon(chatId);
  }
  if (!known) refreshListSoon();
}

let markReadTimer: ReturnType<typeof setTimeout> | undefined;
function markReadSoon(chatId: number) {
  clearTimeout(markReadTimer);
  markReadTimer = setTimeout(() => void refreshConversation(chatId), 300);
}

let listTimer: ReturnType<typeof setTimeout> | undefined;
/** A message in a chat this screen does not know (a new contact): the list, if shown, is read again. */
function refreshListSoon() {
  const { list } = getChatState();
  if (list.status !== "ready" || list.search !== "") return;
  clearTimeout(listTimer);
  listTimer = setTimeout(() => void loadChats(""), 500);
}

/**
 * What arrived while the socket was down: every message after the highest id this browser has seen. A browser that
 * has seen none yet reads the newest chats instead, and shows the red dot when one of them is unread.
 */
async function catchUp() {
  try {
    if (lastKnownId === 0) {
      const { data } = await getChats(authedTransport);
      for (const chat of data) if (chat.lastMessage) noteMessageId(chat.lastMessage.id);
      if (!onChatPage() && data.some((chat) => chat.unReadCount > 0)) flagNewMessages();
      return;
    }
    const updates = await getChatUpdates(authedTransport, lastKnownId);
    for (const { chatId, message } of updates) incoming(chatId, message);
  } catch {
    // The next reconnect asks again; the open conversation is read again anyway.
  }
}

/** The conversation the user has open and in view: its incoming messages are read at once, not counted unread. */
export function setActiveChat(chatId: number | null) {
  activeChatId = chatId;
}

export async function loadChats(search: string) {
  setList({ status: "loading", search, moreStatus: "idle" });
  try {
    const page = await getChats(authedTransport, { search: search || undefined });
    if (getChatState().list.search !== search) return;
    for (const chat of page.data) if (chat.lastMessage) noteMessageId(chat.lastMessage.id);
    setList(
      { status: "ready", ids: page.data.map((chat) => chat.id), page: 1, hasMore: page.next_page_url !== null },
      page.data,
    );
  } catch {
    if (getChatState().list.search === search) setList({ status: "error" });
  }
}

export async function loadMoreChats() {
  const { list } = getChatState();
  if (!list.hasMore || list.moreStatus === "loading") return;
  setList({ moreStatus: "loading" });
  try {
    const page = await getChats(authedTransport, { search: list.search || undefined, page: list.page + 1 });
    const current = getChatState().list;
    if (current.search !== list.search) return;
    setList(
      {
        ids: [...new Set([...current.ids, ...page.data.map((chat) => chat.id)])],
        page: list.page + 1,
        hasMore: page.next_page_url !== null,
        moreStatus: "idle",
      },
      page.data,
    );
  } catch {
    setList({ moreStatus: "error" });
  }
}

/**
 * Opens a conversation: the newest page the first time, then only what came after the newest message known.
 * Either read marks the other side's messages read (spec §4: opening a chat clears its unread badge).
 */
export async function openConversation(chatId: number) {
  const known = getChatState().conversations.get(chatId);
  if (known?.status === "ready") return refreshConversation(chatId);
  if (known?.status === "loading") return;
  setConversation(chatId, (current) => ({
    status: "loading",
    messages: current?.messages ?? [],
    hasOlder: false,
    olderStatus: "idle",
  }));
  try {
    const chat = await getChat(authedTransport, chatId);
    chat.messages.forEach((message) => noteMessageId(message.id));
    receiveChatPage(chat, "newest");
  } catch (error) {
    setConversation(chatId, (current) => ({
      status: isMissing(error) ? "missing" : "error",
      messages: current?.messages ?? [],
      hasOlder: false,
      olderStatus: "idle",
    }));
  }
}

async function refreshConversation(chatId: number) {
  const known = getChatState().conversations.get(chatId);
  if (known?.status !== "ready") return;
  const newest = known.messages.at(-1)?.id;
  try {
    const chat = await getChat(authedTransport, chatId, newest === undefined ? {} : { after: newest });
    chat.messages.forEach((message) => noteMessageId(message.id));
    receiveChatPage(chat, newest === undefined ? "newest" : "newer");
  } catch {
    // Shown as it is; the next message or reconnect reads it again.
  }
}

/** Spec §2 "load older messages on scroll": the page before the oldest message shown. */
export async function loadOlderMessages(chatId: number) {
  const conversation = getChatState().conversations.get(chatId);
  if (conversation?.status !== "ready" || !conversation.hasOlder || conversation.olderStatus === "loading") return;
  const oldest = conversation.messages[0]?.id;
  if (oldest === undefined) return;
  setConversation(chatId, (current) => ({ ...current!, olderStatus: "loading" }));
  try {
    receiveChatPage(await getChat(authedTransport, chatId, { before: oldest }), "older");
  } catch {
    setConversation(chatId, (current) => ({ ...current!, olderStatus: "error" }));
  }
}

/**
 * Finds the chat the user already has with a seller about an ad (the server reuses it too), so that opening a seller
 * again shows the conversation instead of an empty local one. Throws when the chats cannot be read.
 */
export async function lookUpChat(seller: { id: number; name: string }) {
  const page = await getChats(authedTransport, { search: seller.name.slice(0, 100) });
  rememberChats(page.data.filter((chat) => chat.user.id === seller.id));
}

/** Writes a message: it is kept (and shown as Sending…) until the server acknowledges it. */
export function sendMessage(target: {
  chatId: number | null;
  to: number;
  toName: string;
  productId: number | null;
  text: string;
}) {
  const item: PendingMessage = {
    ...target,
    clientId: crypto.randomUUID(),
    createdAt: new Date().toISOString(),
    status: "sending",
  };
  setChatState((current) => ({ ...current, pending: [...current.pending, item] }));
  void flush();
}

export function retryMessage(clientId: string) {
  updatePending(clientId, (item) => ({ ...item, status: "sending", stalled: false, error: undefined }));
  retryDelay = RETRY_FIRST_MS;
  void flush();
}

export function discardMessage(clientId: string) {
  updatePending(clientId, () => null);
}

let flushing = false;
let flushAgain = false;

/**
 * Sends the outbox in the order it was written, one message at a time so a conversation keeps its order. A message
 * without an answer stops the round (the connection is down); it is tried again on reconnect, when the browser is
 * back online, or after a growing delay.
 */
async function flush() {
  if (!running) return;
  if (flushing) {
    flushAgain = true;
    return;
  }
  flushing = true;
  clearTimeout(retryTimer);
  try {
    do {
      flushAgain = false;
      for (const item of getChatState().pending) {
        const current = getChatState().pending.find((candidate) => candidate.clientId === item.clientId);
        if (current?.status !== "sending") continue;
        if (!(await deliver(current))) {
          updatePending(current.clientId, (stalled) => ({ ...stalled, stalled: true }));
          retryTimer = setTimeout(() => void flush(), retryDelay);
          retryDelay = Math.min(retryDelay * 2, RETRY_MAX_MS);
          return;
        }
      }
    } while (flushAgain);
    retryDelay = RETRY_FIRST_MS;
  } finally {
    flushing = false;
  }
}

type Sent = { chatId: number; message: TChatMessage };

/** One try; false when there was no answer (try again later), true when the message was stored or refused. */
async function deliver(item: PendingMessage): Promise<boolean> {
  if (!running || !navigator.onLine) return false;
  try {
    if (item.chatId === null) {
      const chat = await createChat(authedTransport, {
        recieverId: item.to,
        firstMessage: item.text,
        productId: item.productId ?? undefined,
        clientId: item.clientId,
      });
      chat.messages.forEach((message) => noteMessageId(message.id));
      receiveChatPage(chat, "newest");
      // Messages written to the local chat meanwhile now go into the chat this one created.
      setChatState((current) => ({
        ...current,
        pending: current.pending.map((other) =>
          other.chatId === null && other.to === item.to && other.productId === item.productId
            ? { ...other, chatId: chat.id }
            : other,
        ),
      }));
      return true;
    }
    const sent = running.socket.connected
      ? await sendBySocket(running.socket, item, item.chatId)
      : {
          chatId: item.chatId,
          message: await sendChatMessage(authedTransport, item.chatId, { text: item.text, clientId: item.clientId }),
        };
    if (sent === null) return false;
    noteMessageId(sent.message.id);
    receiveMessage(sent.chatId, sent.message, { countUnread: false });
    return true;
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500 || error.status === 401) return false;
    refuse(item, error.message);
    return true;
  }
}

/** send-message with its acknowledgement; null when none came in time. Throws the server's refusal. */
async function sendBySocket(socket: RealtimeSocket, item: PendingMessage, chatId: number): Promise<Sent | null> {
  // The spec's client sends its current token with each message; the server checks it (decision 039).
  const token = (await getAccessToken()) ?? undefined;
  const event: Parameters<ClientToServerEvents["send-message"]>[0] = {
    to: item.to,
    message: item.text,
    token,
    payload: { chatId },
    clientId: item.clientId,
  };
  // socket.io-client cannot infer the reply of an event whose acknowledgement is optional: the contract names it.
  const reply = (await socket
    .timeout(ACK_TIMEOUT_MS)
    .emitWithAck("send-message", event)
    .catch(() => null)) as TSendMessageAck | null;
  if (reply === null) return null;
  if (reply.ok) return reply.data;
  throw new ApiError(reply.status, reply.message);
}

/**
 * The server refused the message (blocked, too long, unavailable, too fast): it stays in the conversation as not
 * delivered, with the server's reason, and waits for Retry or Delete (it is never dropped silently, decision 063).
 */
function refuse(item: PendingMessage, reason: string) {
  updatePending(item.clientId, (current) => ({ ...current, status: "failed", stalled: false, error: reason }));
  // A refusal may be the first this screen hears of a block (its socket was down when it came, and the message went
  // over REST): the open conversation is read again, so the composer says so too.
  if (item.chatId !== null && item.chatId === activeChatId) void refreshConversation(item.chatId);
  // The bubble says why; a chat that could not even be opened says so as the spec does (§8).
  if (item.chatId === null) notify("error", CHAT_MESSAGES.openError(item.toName));
}

/**
 * Blocks or unblocks the other user of a chat (decision 039), then shows every chat with them as the server has it
 * (the socket's block-changed says the same a moment later, and tells the user's other devices).
 */
export async function setBlocked(chatId: number, blocked: boolean) {
  await (blocked ? blockChatUser : unblockChatUser)(authedTransport, chatId);
  const chat = getChatState().chats.get(chatId);
  if (chat) setBlockStanding(chat.user.id, { blockedByMe: blocked });
}
