import type { TChat, TChatMessage } from "@waterside/shared/chat";
import { beforeEach, describe, expect, it } from "vitest";
import {
  getChatState,
  markReadUpTo,
  mergeMessages,
  receiveChatPage,
  receiveMessage,
  rememberChats,
  resetChatState,
  setBlockStanding,
  setConversation,
  type PendingMessage,
} from "./chat-store";

const message = (id: number, overrides: Partial<TChatMessage> = {}): TChatMessage => ({
  id,
  text: `message ${id}`,
  createdAt: new Date(Date.UTC(2026, 0, 1, 12, 0, id)).toISOString(),
  isSender: false,
  isRead: false,
  clientId: null,
  ...overrides,
});

const chat = (id: number, lastMessage: TChatMessage | null, unReadCount = 0): TChat => ({
  id,
  user: {
    id: 7,
    name: "Musu Kollie",
    profile_image: null,
    bio: null,
    usertype: { id: 1, name: "Individual" },
    phone_number: null,
    email: null,
  },
  lastMessage,
  unReadCount,
  productId: null,
  updatedAt: lastMessage?.createdAt ?? new Date(0).toISOString(),
  blockedByMe: false,
  blockedMe: false,
});

const pending = (clientId: string): PendingMessage => ({
  clientId,
  chatId: 1,
  to: 7,
  toName: "Musu Kollie",
  productId: null,
  text: "On my way",
  createdAt: new Date().toISOString(),
  status: "sending",
});

describe("the chat store keeps every message once (decision 038)", () => {
  beforeEach(() => resetChatState(1));

  it("merges messages by id, oldest first", () => {
    const merged = mergeMessages([message(1), message(3)], [message(2), message(3, { isRead: true })]);
    expect(merged.map((item) => item.id)).toEqual([1, 2, 3]);
    expect(merged[2]!.isRead).toBe(true);
  });

  it("counts a message from the other side once, however often it arrives", () => {
    rememberChats([chat(1, message(1))]);
    receiveChatPage({ ...chat(1, message(1)), messages: [message(1)], hasOlder: false }, "newest");
    for (let repeat = 0; repeat < 3; repeat++) receiveMessage(1, message(2), { countUnread: true });
    const state = getChatState();
    expect(state.chats.get(1)).toMatchObject({ unReadCount: 1, lastMessage: { id: 2 } });
    expect(state.conversations.get(1)!.messages.map((item) => item.id)).toEqual([1, 2]);
  });

  it("does not count what the user is reading, nor an older message arriving late", () => {
    rememberChats([chat(1, message(5))]);
    receiveMessage(1, message(6), { countUnread: false });
    receiveMessage(1, message(4), { countUnread: true });
    expect(getChatState().chats.get(1)).toMatchObject({ unReadCount: 0, lastMessage: { id: 6 } });
  });

  it("ends the pending copy when the stored message comes back with its client id", () => {
    resetChatState(1, [pending("a"), pending("b")]);
    receiveMessage(1, message(9, { isSender: true, clientId: "a" }), { countUnread: false });
    expect(getChatState().pending.map((item) => item.clientId)).toEqual(["b"]);
    receiveChatPage(
      { ...chat(1, null), messages: [message(10, { isSender: true, clientId: "b" })], hasOlder: false },
      "newest",
    );
    expect(getChatState().pending).toEqual([]);
  });

  it("keeps a message stored while its conversation was loading, which the page read before may lack", () => {
    setConversation(1, () => ({ status: "loading", messages: [], hasOlder: false, olderStatus: "idle" }));
    receiveMessage(1, message(3, { isSender: true, clientId: "a" }), { countUnread: false });
    receiveChatPage({ ...chat(1, message(2)), messages: [message(1), message(2)], hasOlder: false }, "newest");
    expect(
      getChatState()
        .conversations.get(1)!
        .messages.map((item) => item.id),
    ).toEqual([1, 2, 3]);
  });

  it("turns the user's messages read up to the id the other side read", () => {
    const mine = (id: number) => message(id, { isSender: true });
    receiveChatPage({ ...chat(1, mine(3)), messages: [mine(1), mine(2), mine(3)], hasOlder: false }, "newest");
    markReadUpTo(1, 2);
    expect(
      getChatState()
        .conversations.get(1)!
        .messages.map((item) => item.isRead),
    ).toEqual([true, true, false]);
    expect(getChatState().chats.get(1)!.lastMessage!.isRead).toBe(false);
  });

  it("shows a block on every chat with that user, keeps the other side's when only the user's changed, and no other", () => {
    const stranger = { ...chat(3, null), user: { ...chat(3, null).user, id: 8 } };
    rememberChats([chat(1, message(1)), chat(2, null), stranger]);
    setBlockStanding(7, { blockedByMe: false, blockedMe: true });
    const flags = () =>
      [...getChatState().chats.values()].map(({ id, blockedByMe, blockedMe }) => ({ id, blockedByMe, blockedMe }));
    expect(flags()).toEqual([
      { id: 1, blockedByMe: false, blockedMe: true },
      { id: 2, blockedByMe: false, blockedMe: true },
      { id: 3, blockedByMe: false, blockedMe: false },
    ]);
    setBlockStanding(7, { blockedByMe: true });
    expect(flags()[0]).toEqual({ id: 1, blockedByMe: true, blockedMe: true });
  });
});
