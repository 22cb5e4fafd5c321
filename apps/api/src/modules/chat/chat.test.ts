import { CHAT_MESSAGES } from "@waterside/shared/chat-messages";
import { USER_STATUS } from "@waterside/shared/reference-ids";
import type { ClientToServerEvents, ServerToClientEvents, TSendMessageAck } from "@waterside/shared/realtime";
import { eq, sql } from "drizzle-orm";
import { io as connect, type Socket } from "socket.io-client";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { chatMessages, chats, userBlocks } from "../../db/schema/chat.ts";
import { users } from "../../db/schema/users.ts";
import { createAd, signedInAdmin, signedInUser } from "../../test/factories.ts";
import { needIn } from "../../test/needs.ts";
import { redisServerMissing, startRedis } from "../../test/redis-server.ts";
import { createTestApp } from "../../test/test-app.ts";
import { lockSender } from "./chat.queries.ts";

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let url: string;
beforeAll(async () => {
  ctx = await createTestApp();
  url = await ctx.app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(() => ctx.close());
const sockets: ClientSocket[] = [];
afterEach(() => sockets.splice(0).forEach((socket) => socket.disconnect()));

type Headers = { authorization: string };
const person = () => signedInUser(ctx.app, ctx.db);
const call = (method: "GET" | "POST" | "DELETE", path: string, headers: Headers, payload?: object) =>
  ctx.app.inject({ method, url: `/api${path}`, headers, ...(payload ? { payload } : {}) });

async function startChat(buyer: Headers, sellerId: number, firstMessage = "Is it still available?", extra = {}) {
  const response = await call("POST", "/chats", buyer, { recieverId: sellerId, firstMessage, ...extra });
  expect(response.statusCode).toBe(201);
  return response.json().data;
}

function open(headers: Headers) {
  const socket: ClientSocket = connect(url, {
    path: "/messages",
    auth: { token: headers.authorization },
    transports: ["websocket"],
    reconnection: false,
  });
  sockets.push(socket);
  return new Promise<ClientSocket>((resolve, reject) => {
    socket.on("connect", () => resolve(socket));
    socket.on("connect_error", reject);
  });
}

const send = (socket: ClientSocket, event: Parameters<ClientToServerEvents["send-message"]>[0]) =>
  new Promise<TSendMessageAck>((resolve) => socket.emit("send-message", event, resolve));

describe("chats over REST (spec §7)", () => {
  it("opens a chat about an ad with its first message, reuses it, and lists it for both sides with unread counts", async () => {
    const seller = await person();
    const buyer = await person();
    const ad = await createAd(ctx.db, { user_id: seller.user.id, images: 1 });
    const chat = await startChat(buyer.headers, seller.user.id, "I’m interested", { productId: ad.id });
    expect(chat).toMatchObject({
      user: { id: seller.user.id, name: seller.user.name },
      productId: { id: ad.id, title: ad.title, category: { id: ad.category_id } },
      unReadCount: 0,
      messages: [{ text: "I’m interested", isSender: true, isRead: false }],
    });
    const again = await startChat(buyer.headers, seller.user.id, "Last Price", { productId: ad.id });
    expect(again.id).toBe(chat.id);

    const sellerList = (await call("GET", "/chats", seller.headers)).json().data;
    expect(sellerList.data).toHaveLength(1);
    expect(sellerList.data[0]).toMatchObject({
      id: chat.id,
      user: { id: buyer.user.id, email: buyer.user.email },
      lastMessage: { text: "Last Price", isSender: false },
      unReadCount: 2,
    });

    // Reading marks the buyer's messages read: the badge goes, and the buyer sees them read.
    const opened = (await call("GET", `/chats/${chat.id}`, seller.headers)).json().data;
    expect(opened.messages.map((message: { text: string }) => message.text)).toEqual(["I’m interested", "Last Price"]);
    expect((await call("GET", "/chats", seller.headers)).json().data.data[0].unReadCount).toBe(0);
    const buyerView = (await call("GET", `/chats/${chat.id}`, buyer.headers)).json().data;
    expect(buyerView.messages.every((message: { isRead: boolean }) => message.isRead)).toBe(true);
  });

  it("keeps chats private: another user's chat is 404, and a stranger cannot write in it", async () => {
    const [seller, buyer, stranger] = [await person(), await person(), await person()];
    const chat = await startChat(buyer.headers, seller.user.id);
    expect((await call("GET", `/chats/${chat.id}`, stranger.headers)).statusCode).toBe(404);
    const write = await call("POST", `/chats/${chat.id}/messages`, stranger.headers, { text: "hi" });
    expect(write.statusCode).toBe(404);
    expect((await call("GET", "/chats", stranger.headers)).json().data.data).toEqual([]);
    expect((await ctx.app.inject({ method: "GET", url: "/api/chats" })).statusCode).toBe(401);
  });

  it("refuses empty, too long, self, banned, deleted and blocked messages with clear errors", async () => {
    const [seller, buyer] = [await person(), await person()];
    const empty = await call("POST", "/chats", buyer.headers, { recieverId: seller.user.id, firstMessage: "   " });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.firstMessage).toEqual(["A chat message cannot be empty"]);
    const long = await call("POST", "/chats", buyer.headers, {
      recieverId: seller.user.id,
      firstMessage: "x".repeat(2001),
    });
    expect(long.json().errors.firstMessage).toEqual(["A chat message can be at most 2000 characters."]);
    const self = await call("POST", "/chats", buyer.headers, { recieverId: buyer.user.id, firstMessage: "me" });
    expect(self.statusCode).toBe(422);
    expect(self.json().message).toBe("You cannot chat with yourself.");

    const banned = await person();
    await ctx.db.update(users).set({ status_id: USER_STATUS.banned }).where(eq(users.id, banned.user.id));
    const toBanned = await call("POST", "/chats", buyer.headers, { recieverId: banned.user.id, firstMessage: "hi" });
    expect(toBanned.statusCode).toBe(422);
    expect(toBanned.json().message).toBe("This user cannot receive messages.");
    expect((await call("GET", "/chats", banned.headers)).statusCode).toBe(401);

    const chat = await startChat(buyer.headers, seller.user.id);
    expect((await call("POST", `/chats/${chat.id}/block`, seller.headers)).statusCode).toBe(200);
    const blocked = await call("POST", `/chats/${chat.id}/messages`, buyer.headers, { text: "hello?" });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().message).toBe("You cannot send messages in this chat: one of you has blocked the other.");
    expect((await call("POST", `/chats/${chat.id}/messages`, seller.headers, { text: "x" })).statusCode).toBe(403);
    expect((await call("GET", `/chats/${chat.id}`, buyer.headers)).json().data).toMatchObject({ blockedMe: true });
    await call("DELETE", `/chats/${chat.id}/block`, seller.headers);
    expect((await call("POST", `/chats/${chat.id}/messages`, buyer.headers, { text: "hello?" })).statusCode).toBe(201);

    await ctx.db.update(users).set({ deleted_at: new Date() }).where(eq(users.id, seller.user.id));
    const toDeleted = await call("POST", `/chats/${chat.id}/messages`, buyer.headers, { text: "still there?" });
    expect(toDeleted.statusCode).toBe(422);
  });

  it("stores a message sent three times with one client id once", async () => {
    const [seller, buyer] = [await person(), await person()];
    const chat = await startChat(buyer.headers, seller.user.id);
    const tries = await Promise.all(
      [1, 2, 3].map(() =>
        call("POST", `/chats/${chat.id}/messages`, buyer.headers, { text: "Call me", clientId: "c-123" }),
      ),
    );
    expect(tries.map((response) => response.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(tries.map((response) => response.json().data.id)).size).toBe(1);
    const stored = await ctx.db.select().from(chatMessages).where(eq(chatMessages.chat_id, chat.id));
    expect(stored.filter((message) => message.text === "Call me")).toHaveLength(1);
  });

  it("holds back a flood: at most 20 messages a minute per sender", async () => {
    const [seller, buyer] = [await person(), await person()];
    const chat = await startChat(buyer.headers, seller.user.id);
    const statuses: number[] = [];
    for (let index = 0; index < 21; index += 1) {
      statuses.push(
        (await call("POST", `/chats/${chat.id}/messages`, buyer.headers, { text: `m${index}` })).statusCode,
      );
    }
    // The first message opened the chat: 19 more pass, then the limit holds.
    expect(statuses.filter((status) => status === 201)).toHaveLength(19);
    expect(statuses.slice(19)).toEqual([429, 429]);
  });

  it("pages a long conversation backwards and gives a reconnecting client what it missed", async () => {
    const [seller, buyer] = [await person(), await person()];
    const chat = await startChat(buyer.headers, seller.user.id, "m0");
    for (let index = 1; index < 15; index += 1) {
      const sender = index % 2 ? seller : buyer;
      await ctx.db.insert(chatMessages).values({ chat_id: chat.id, sender_id: sender.user.id, text: `m${index}` });
    }
    const newest = (await call("GET", `/chats/${chat.id}?limit=10`, buyer.headers)).json().data;
    expect(newest.messages.map((message: { text: string }) => message.text)).toEqual(
      Array.from({ length: 10 }, (_, index) => `m${index + 5}`),
    );
    expect(newest.hasOlder).toBe(true);
    const older = (
      await call("GET", `/chats/${chat.id}?limit=10&before=${newest.messages[0].id}`, buyer.headers)
    ).json().data;
    expect(older.messages.map((message: { text: string }) => message.text)).toEqual(["m0", "m1", "m2", "m3", "m4"]);
    expect(older.hasOlder).toBe(false);

    const lastSeen = newest.messages[9].id;
    await call("POST", `/chats/${chat.id}/messages`, seller.headers, { text: "while you were away" });
    const missed = (await call("GET", `/chats/updates?after=${lastSeen}`, buyer.headers)).json().data;
    expect(missed.map((update: { message: { text: string } }) => update.message.text)).toContain("while you were away");
    expect(missed.every((update: { chatId: number }) => update.chatId === chat.id)).toBe(true);
  });
});

describe("chat over the socket on /messages", () => {
  it("acknowledges after storing, tells the recipient's devices, and a repeat of the client id stores once", async () => {
    const [seller, buyer] = [await person(), await person()];
    const [buyerSocket, sellerPhone, sellerLaptop] = await Promise.all([
      open(buyer.headers),
      open(seller.headers),
      open(seller.headers),
    ]);
    const heard = [sellerPhone, sellerLaptop].map(
      (socket) =>
        new Promise<Parameters<ServerToClientEvents["new-message"]>[0]>((resolve) => socket.on("new-message", resolve)),
    );
    const event = { to: seller.user.id, message: "I’m interested", payload: {}, clientId: "first-1" };
    const ack = await send(buyerSocket, event);
    expect(ack).toMatchObject({ ok: true, data: { message: { text: "I’m interested", isSender: true } } });
    const [phone, laptop] = (await Promise.all(heard)) as [
      Parameters<ServerToClientEvents["new-message"]>[0],
      Parameters<ServerToClientEvents["new-message"]>[0],
    ];
    expect(phone).toMatchObject({ message: { text: "I’m interested", isSender: false }, payload: { isSender: false } });
    expect(laptop.message.id).toBe(phone.message.id);

    const chatId = ack.ok ? ack.data.chatId : 0;
    const repeats = await Promise.all([1, 2].map(() => send(buyerSocket, { ...event, payload: { chatId } })));
    expect(repeats.map((repeat) => (repeat.ok ? repeat.data.message.id : 0))).toEqual([
      phone.message.id,
      phone.message.id,
    ]);
    expect(await ctx.db.select().from(chatMessages).where(eq(chatMessages.chat_id, chatId))).toHaveLength(1);

    const refused = await send(buyerSocket, { to: seller.user.id, message: "  ", payload: { chatId } });
    expect(refused).toEqual({ ok: false, status: 422, message: "A chat message cannot be empty" });
  });

  it("tells the sender's other devices, and the sending socket only in its acknowledgement when it asked for one", async () => {
    const [seller, buyer] = [await person(), await person()];
    const chat = await startChat(buyer.headers, seller.user.id);
    const [buyerPhone, buyerLaptop] = await Promise.all([open(buyer.headers), open(buyer.headers)]);
    const heardBy = (socket: ClientSocket) => {
      const heard: string[] = [];
      socket.on("new-message", ({ message, payload }) => heard.push(`${message.text} (${payload.isSender})`));
      return heard;
    };
    const [phoneHeard, laptopHeard] = [heardBy(buyerPhone), heardBy(buyerLaptop)];

    const event = { to: seller.user.id, message: "With an ack", payload: { chatId: chat.id }, clientId: "acked-1" };
    const ack = await send(buyerPhone, event);
    expect(ack).toMatchObject({ ok: true, data: { message: { text: "With an ack", isSender: true } } });
    // A resend is acknowledged again, and told again to the other devices only.
    const again = await send(buyerPhone, event);
    expect(again.ok && again.data.message.id).toBe(ack.ok && ack.data.message.id);
    // The spec's client sends without asking for an acknowledgement: new-message is how it hears of its message.
    buyerPhone.emit("send-message", { to: seller.user.id, message: "No ack", payload: { chatId: chat.id } });

    const told = ["With an ack (true)", "With an ack (true)", "No ack (true)"];
    await expect.poll(() => laptopHeard).toEqual(told);
    await expect.poll(() => phoneHeard).toEqual(["No ack (true)"]);
  });

  it("lets a recipient who was offline find the message on reconnect", async () => {
    const [seller, buyer] = [await person(), await person()];
    const chat = await startChat(buyer.headers, seller.user.id, "hello");
    const sellerSocket = await open(seller.headers);
    const buyerSocket = await open(buyer.headers);
    const lastSeen = chat.messages[0].id;
    buyerSocket.disconnect();
    const ack = await send(sellerSocket, {
      to: buyer.user.id,
      message: "Yes, still here",
      payload: { chatId: chat.id },
    });
    expect(ack.ok).toBe(true);
    await open(buyer.headers);
    const missed = (await call("GET", `/chats/updates?after=${lastSeen}`, buyer.headers)).json().data;
    expect(missed.map((update: { message: { text: string } }) => update.message.text)).toEqual(["Yes, still here"]);
  });

  it("tells a user which contacts are online, and their contacts when they come and go", async () => {
    const [seller, buyer] = [await person(), await person()];
    await startChat(buyer.headers, seller.user.id);
    const sellerSocket = await open(seller.headers);
    const sellerHears = new Promise<number[]>((resolve) =>
      sellerSocket.on("online", (ids) => ids.includes(buyer.user.id) && resolve(ids)),
    );
    const buyerSocket = connect(url, {
      path: "/messages",
      auth: { token: buyer.headers.authorization },
      transports: ["websocket"],
      reconnection: false,
    });
    sockets.push(buyerSocket);
    const buyerHears = new Promise<number[]>((resolve) => buyerSocket.on("online", resolve));
    expect(await buyerHears).toEqual([seller.user.id]);
    expect(await sellerHears).toEqual([buyer.user.id]);
    const gone = new Promise<number[]>((resolve) =>
      sellerSocket.on("online", (ids) => ids.length === 0 && resolve(ids)),
    );
    buyerSocket.disconnect();
    expect(await gone).toEqual([]);
  });

  it("tells both users at once when a chat makes them contacts, over REST and over the socket", async () => {
    const [seller, buyer, other] = [await person(), await person(), await person()];
    const [sellerSocket, buyerSocket, otherSocket] = await Promise.all([
      open(seller.headers),
      open(buyer.headers),
      open(other.headers),
    ]);
    const hears = (socket: ClientSocket, id: number) =>
      new Promise<number[]>((resolve) => socket.on("online", (ids) => ids.includes(id) && resolve(ids)));
    const sellerHears = hears(sellerSocket, buyer.user.id);
    const buyerHears = hears(buyerSocket, seller.user.id);
    await startChat(buyer.headers, seller.user.id);
    expect(await buyerHears).toEqual([seller.user.id]);
    expect(await sellerHears).toEqual([buyer.user.id]);

    // The socket's first message opens the chat: the third user and the seller now see each other too.
    const sellerHearsOther = hears(sellerSocket, other.user.id);
    const otherHearsSeller = hears(otherSocket, seller.user.id);
    const ack = await send(otherSocket, { to: seller.user.id, message: "Hello", payload: {} });
    expect(ack.ok).toBe(true);
    expect(await otherHearsSeller).toEqual([seller.user.id]);
    expect(new Set(await sellerHearsOther)).toEqual(new Set([buyer.user.id, other.user.id]));
  });

  it("tells the blocked user's devices of a block and its end at once, and refuses and stores nothing sent between", async () => {
    const [seller, buyer, stranger] = [await person(), await person(), await person()];
    const chat = await startChat(buyer.headers, seller.user.id, "Is it still available?");
    const [buyerPhone, buyerLaptop, sellerLaptop, strangerSocket] = await Promise.all([
      open(buyer.headers),
      open(buyer.headers),
      open(seller.headers),
      open(stranger.headers),
    ]);
    type BlockEvent = Parameters<ServerToClientEvents["block-changed"]>[0];
    const next = (socket: ClientSocket) => new Promise<BlockEvent>((resolve) => socket.once("block-changed", resolve));
    const strangerHeard: BlockEvent[] = [];
    strangerSocket.on("block-changed", (event) => strangerHeard.push(event));

    // The seller blocks the buyer: both of the buyer's devices learn it, and the seller's other device too.
    let heard = [next(buyerPhone), next(buyerLaptop), next(sellerLaptop)];
    expect((await call("POST", `/chats/${chat.id}/block`, seller.headers)).statusCode).toBe(200);
    expect(await Promise.all(heard)).toEqual([
      { userId: seller.user.id, blockedByMe: false, blockedMe: true },
      { userId: seller.user.id, blockedByMe: false, blockedMe: true },
      { userId: buyer.user.id, blockedByMe: true, blockedMe: false },
    ]);

    // A message the buyer had typed goes out after the block: refused in the API's words, on the socket and REST.
    const sellerHeard: string[] = [];
    const thanks = new Promise<void>((resolve) =>
      sellerLaptop.on("new-message", (event) => {
        sellerHeard.push(event.message.text);
        if (event.message.text === "Thanks") resolve();
      }),
    );
    const refused = await send(buyerPhone, {
      to: seller.user.id,
      message: "Last Price?",
      payload: { chatId: chat.id },
      clientId: "typed-before-1",
    });
    expect(refused).toEqual({ ok: false, status: 403, message: CHAT_MESSAGES.blocked });
    const overRest = await call("POST", `/chats/${chat.id}/messages`, buyer.headers, {
      text: "Hello?",
      clientId: "typed-before-2",
    });
    expect(overRest.statusCode).toBe(403);
    expect(overRest.json().message).toBe(CHAT_MESSAGES.blocked);
    // A first message in a new chat (about nothing) is refused as well, and opens no chat.
    const opening = await send(buyerLaptop, { to: seller.user.id, message: "Hi again", payload: {} });
    expect(opening).toEqual({ ok: false, status: 403, message: CHAT_MESSAGES.blocked });

    // Stored nowhere: not in the chat, no other chat of the two, nothing told to the seller.
    const stored = await ctx.db.select().from(chatMessages).where(eq(chatMessages.sender_id, buyer.user.id));
    expect(stored.map((message) => message.text)).toEqual(["Is it still available?"]);
    const theirChats = (await call("GET", "/chats", seller.headers)).json().data.data;
    expect(theirChats.map((listed: { id: number }) => listed.id)).toEqual([chat.id]);
    expect((await call("GET", `/chats/updates?after=0`, seller.headers)).json().data).toHaveLength(1);

    // Unblocking is told at once too, and the buyer can write again.
    heard = [next(buyerPhone), next(sellerLaptop)];
    expect((await call("DELETE", `/chats/${chat.id}/block`, seller.headers)).statusCode).toBe(200);
    expect(await Promise.all(heard)).toEqual([
      { userId: seller.user.id, blockedByMe: false, blockedMe: false },
      { userId: buyer.user.id, blockedByMe: false, blockedMe: false },
    ]);
    const again = await send(buyerPhone, { to: seller.user.id, message: "Thanks", payload: { chatId: chat.id } });
    expect(again.ok).toBe(true);
    // The seller's device heard the message after the block's end, and nothing of what was refused before it.
    await thanks;
    expect(sellerHeard).toEqual(["Thanks"]);
    expect(strangerHeard).toEqual([]);
  });

  it("settles every message sent while a block is set: stored and acknowledged, or refused and stored nowhere", async () => {
    const [seller, buyer] = [await person(), await person()];
    const chat = await startChat(buyer.headers, seller.user.id, "Hello");
    const buyerSocket = await open(buyer.headers);
    const texts = Array.from({ length: 12 }, (_, index) => `Race ${index}`);
    const [acks, blocked] = await Promise.all([
      Promise.all(
        texts.map((text) =>
          send(buyerSocket, { to: seller.user.id, message: text, payload: { chatId: chat.id }, clientId: text }),
        ),
      ),
      call("POST", `/chats/${chat.id}/block`, seller.headers),
    ]);
    expect(blocked.statusCode).toBe(200);
    for (const ack of acks) {
      if (!ack.ok) expect(ack).toEqual({ ok: false, status: 403, message: CHAT_MESSAGES.blocked });
    }
    const acknowledged = acks.flatMap((ack) => (ack.ok ? [ack.data.message.text] : []));
    const stored = await ctx.db.select().from(chatMessages).where(eq(chatMessages.chat_id, chat.id));
    expect(new Set(stored.map((message) => message.text))).toEqual(new Set(["Hello", ...acknowledged]));
    // Once the block has answered, nothing more passes.
    const after = await send(buyerSocket, { to: seller.user.id, message: "Still?", payload: { chatId: chat.id } });
    expect(after).toEqual({ ok: false, status: 403, message: CHAT_MESSAGES.blocked });
  });

  it("orders a block after a message of the blocked user being stored: it is delivered first, never after the block", async () => {
    const [seller, buyer] = [await person(), await person()];
    const chat = await startChat(buyer.headers, seller.user.id, "Hello");
    const blockWaiting = async () => {
      const [row] = await ctx.db.execute<{ waiting: number }>(sql`
        select count(*)::int as waiting from pg_locks
        where locktype = 'advisory' and not granted and classid = 3901 and objid = ${buyer.user.id}`);
      return row!.waiting;
    };
    let blocking: ReturnType<typeof call> | undefined;
    // A message of the buyer's is being stored, as deliver() stores one: under the buyer's sender lock.
    await ctx.db.transaction(async (tx) => {
      await lockSender(tx, buyer.user.id);
      await tx.insert(chatMessages).values({ chat_id: chat.id, sender_id: buyer.user.id, text: "In flight" });
      blocking = call("POST", `/chats/${chat.id}/block`, seller.headers);
      // The seller's block waits for that message instead of committing under it.
      await expect.poll(blockWaiting, { timeout: 10_000 }).toBe(1);
      expect(await ctx.db.select().from(userBlocks).where(eq(userBlocks.blocked_id, buyer.user.id))).toEqual([]);
    });
    expect((await blocking!).statusCode).toBe(200);
    const texts = (await call("GET", `/chats/${chat.id}`, seller.headers)).json().data.messages;
    expect(texts.map((message: { text: string }) => message.text)).toEqual(["Hello", "In flight"]);
    const after = await call("POST", `/chats/${chat.id}/messages`, buyer.headers, { text: "And now?" });
    expect(after.json().message).toBe(CHAT_MESSAGES.blocked);
  });

  it("ends the sockets of a session that logs out", async () => {
    const buyer = await person();
    const socket = await open(buyer.headers);
    const closed = new Promise<string>((resolve) => socket.on("disconnect", resolve));
    await call("POST", "/auth/logout", buyer.headers, { device_id: "x" });
    expect(await closed).toBe("io server disconnect");
  });

  it("ends the sockets of a user an admin bans (auth's reaction to user.banned, after the commit)", async () => {
    const buyer = await person();
    const socket = await open(buyer.headers);
    const closed = new Promise<string>((resolve) => socket.on("disconnect", resolve));
    const admin = await signedInAdmin(ctx.app, ctx.db);
    const banned = await ctx.app.inject({
      method: "PATCH",
      url: `/api/admin/users/${buyer.user.id}/status`,
      headers: admin.headers,
      payload: { status_id: USER_STATUS.banned },
    });
    expect(banned.statusCode).toBe(200);
    expect(await closed).toBe("io server disconnect");
  });
});

describe("the flood limit under concurrent sends (docs/decisions/039-chat-rules.md)", () => {
  const flooded = { ok: false, status: 429, message: CHAT_MESSAGES.flooded };
  const storedBy = async (senderId: number) =>
    (await ctx.db.select().from(chatMessages).where(eq(chatMessages.sender_id, senderId))).length;
  /** A chat with no message yet, so that every message a test sends counts against the limit. */
  async function emptyChat(userA: number, userB: number) {
    const [low, high] = userA < userB ? [userA, userB] : [userB, userA];
    const [row] = await ctx.db.insert(chats).values({ user_low_id: low, user_high_id: high }).returning();
    return row!.id;
  }
  const times = <T>(count: number, make: (index: number) => Promise<T>) =>
    Promise.all(Array.from({ length: count }, (_, index) => make(index)));

  it("passes exactly 20 of 60 socket messages emitted at once on one socket, the first opening the chat", async () => {
    const [seller, buyer] = [await person(), await person()];
    const socket = await open(buyer.headers);
    const acks = await times(60, (index) =>
      send(socket, { to: seller.user.id, message: `m${index}`, payload: {}, clientId: `flood-${index}` }),
    );
    const sent = acks.filter((ack) => ack.ok);
    expect(sent).toHaveLength(20);
    expect(new Set(sent.map((ack) => ack.data.chatId)).size).toBe(1);
    expect(acks.filter((ack) => !ack.ok)).toEqual(Array(40).fill(flooded));
    expect(await storedBy(buyer.user.id)).toBe(20);
  });

  it("passes exactly 20 of 60 REST messages sent at once", async () => {
    const [seller, buyer] = [await person(), await person()];
    const chatId = await emptyChat(buyer.user.id, seller.user.id);
    const responses = await times(60, (index) =>
      call("POST", `/chats/${chatId}/messages`, buyer.headers, { text: `m${index}` }),
    );
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(20);
    const refused = responses.filter((response) => response.statusCode === 429);
    expect(refused).toHaveLength(40);
    expect(refused[0]!.json().message).toBe(CHAT_MESSAGES.flooded);
    expect(await storedBy(buyer.user.id)).toBe(20);
  });

  it("shares one allowance between a user's devices and channels sending at once", async () => {
    const [seller, buyer] = [await person(), await person()];
    const chatId = await emptyChat(buyer.user.id, seller.user.id);
    const [phone, laptop] = await Promise.all([open(buyer.headers), open(buyer.headers)]);
    const event = (index: number) => ({ to: seller.user.id, message: `m${index}`, payload: { chatId } });
    const [fromPhone, fromLaptop, overRest] = await Promise.all([
      times(20, (index) => send(phone, event(index))),
      times(20, (index) => send(laptop, event(20 + index))),
      times(20, (index) => call("POST", `/chats/${chatId}/messages`, buyer.headers, { text: `m${40 + index}` })),
    ]);
    const passed =
      [...fromPhone, ...fromLaptop].filter((ack) => ack.ok).length +
      overRest.filter((response) => response.statusCode === 201).length;
    expect(passed).toBe(20);
    expect(await storedBy(buyer.user.id)).toBe(20);
  });

  it("holds the hourly limit exactly too: 10 of 60 pass after 290 messages earlier in the hour", async () => {
    const [seller, buyer] = [await person(), await person()];
    const chatId = await emptyChat(buyer.user.id, seller.user.id);
    const tenMinutesAgo = new Date(Date.now() - 10 * 60_000);
    await ctx.db.insert(chatMessages).values(
      Array.from({ length: 290 }, (_, index) => ({
        chat_id: chatId,
        sender_id: buyer.user.id,
        text: `earlier ${index}`,
        created_at: tenMinutesAgo,
      })),
    );
    const responses = await times(60, (index) =>
      call("POST", `/chats/${chatId}/messages`, buyer.headers, { text: `m${index}` }),
    );
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(10);
    expect(await storedBy(buyer.user.id)).toBe(300);
  });

  it("keeps the place of a try whose copy another try stored first, so the limit still counts that message", async () => {
    const [seller, buyer] = [await person(), await person()];
    const chatId = await emptyChat(buyer.user.id, seller.user.id);
    const socket = await open(buyer.headers);
    const event = (index: number) => ({
      to: seller.user.id,
      message: `k${index}`,
      payload: { chatId },
      clientId: `k-${index}`,
    });
    expect((await send(socket, event(0))).ok).toBe(true);
    // Another try of k-1, in a batch that committed first (the two batches a process has in flight can commit in
    // either order): its row is stored, and this try takes the message's place.
    await ctx.db
      .insert(chatMessages)
      .values({ chat_id: chatId, sender_id: buyer.user.id, text: "k1", client_id: "k-1" });
    const confirmed = await send(socket, event(1));
    expect(confirmed.ok && confirmed.data.message.clientId).toBe("k-1");
    // Two messages stored this minute: 18 more pass, the next is refused.
    const acks: TSendMessageAck[] = [];
    for (let index = 2; index <= 20; index += 1) acks.push(await send(socket, event(index)));
    expect(acks.filter((ack) => ack.ok)).toHaveLength(18);
    expect(acks.at(-1)).toEqual(flooded);
    expect(await storedBy(buyer.user.id)).toBe(20);
  });

  it("counts a very late resend (its message stored before the window) as nothing: 20 new messages still pass", async () => {
    const [seller, buyer] = [await person(), await person()];
    const chatId = await emptyChat(buyer.user.id, seller.user.id);
    const socket = await open(buyer.headers);
    const event = (clientId: string) => ({ to: seller.user.id, message: clientId, payload: { chatId }, clientId });
    // Stored two hours ago, past the longest window (an hour): the counter, read from the store, does not hold it.
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    await ctx.db
      .insert(chatMessages)
      .values({ chat_id: chatId, sender_id: buyer.user.id, text: "old", client_id: "old-1", created_at: twoHoursAgo });
    const confirmed = await send(socket, event("old-1"));
    expect(confirmed.ok && confirmed.data.message.text).toBe("old");
    const acks: TSendMessageAck[] = [];
    for (let index = 0; index <= 20; index += 1) acks.push(await send(socket, event(`new-${index}`)));
    expect(acks.filter((ack) => ack.ok)).toHaveLength(20);
    expect(acks.at(-1)).toEqual(flooded);
  });

  it("confirms resends racing their first try without counting them, and a resend once the limit is reached", async () => {
    const [seller, buyer] = [await person(), await person()];
    const chatId = await emptyChat(buyer.user.id, seller.user.id);
    const socket = await open(buyer.headers);
    const event = (index: number) => ({
      to: seller.user.id,
      message: `m${index}`,
      payload: { chatId },
      clientId: `c-${index}`,
    });
    // 20 messages, each emitted three times at once (a client resending before the first try was acknowledged).
    const acks = await times(60, (index) => send(socket, event(index % 20)));
    const confirmed = acks.flatMap((ack) => (ack.ok ? [ack.data.message] : []));
    expect(confirmed).toHaveLength(60);
    const idsOf = (clientId: string) =>
      new Set(confirmed.filter((message) => message.clientId === clientId).map((message) => message.id));
    expect(Array.from({ length: 20 }, (_, index) => idsOf(`c-${index}`).size)).toEqual(Array(20).fill(1));
    expect(await storedBy(buyer.user.id)).toBe(20);

    // At the limit, a new message is refused while a resend of a stored one is still confirmed.
    expect(await send(socket, event(20))).toEqual(flooded);
    const again = await send(socket, event(0));
    expect(again.ok && again.data.message.id).toBe([...idsOf("c-0")][0]);
  });
});

describe("flood counters shared through Redis (decision 101)", () => {
  it("keeps them in Redis when REDIS_URL is set, read from the store first: 10 of 60 pass after 290 in the hour", async (context) => {
    needIn(context, [redisServerMissing()]);
    const redis = await startRedis();
    const withRedis = await createTestApp({ REDIS_URL: redis.url });
    const client = new Redis(redis.url);
    onTestFinished(async () => {
      client.disconnect();
      await withRedis.close();
      await redis.stop();
    });
    const [seller, buyer] = [
      await signedInUser(withRedis.app, withRedis.db),
      await signedInUser(withRedis.app, withRedis.db),
    ];
    const [low, high] = [buyer.user.id, seller.user.id].sort((a, b) => a - b);
    const [chat] = await withRedis.db.insert(chats).values({ user_low_id: low!, user_high_id: high! }).returning();
    const tenMinutesAgo = new Date(Date.now() - 10 * 60_000);
    await withRedis.db.insert(chatMessages).values(
      Array.from({ length: 290 }, (_, index) => ({
        chat_id: chat!.id,
        sender_id: buyer.user.id,
        text: `earlier ${index}`,
        created_at: tenMinutesAgo,
      })),
    );
    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, index) =>
        withRedis.app.inject({
          method: "POST",
          url: `/api/chats/${chat!.id}/messages`,
          headers: buyer.headers,
          payload: { text: `m${index}`, clientId: `r-${index}` },
        }),
      ),
    );
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(10);
    expect(responses.filter((response) => response.statusCode === 429)).toHaveLength(50);
    const stored = await withRedis.db.select().from(chatMessages).where(eq(chatMessages.sender_id, buyer.user.id));
    expect(stored).toHaveLength(300);
    // The sender's hour is in Redis, for every process: the 300 messages and the mark that it was read from the store.
    expect(await client.zcard(`chat:flood:${buyer.user.id}`)).toBe(301);
  });
});

describe("closing a process with Redis during traffic (decision 101)", () => {
  it("tells the messages it is still writing through Redis before closing it, and emits nothing after", async (context) => {
    needIn(context, [redisServerMissing()]);
    const redis = await startRedis();
    const closing = await createTestApp({ REDIS_URL: redis.url });
    const address = await closing.app.listen({ port: 0, host: "127.0.0.1" });
    const listener = new Redis(redis.url);
    // A publish on a closed Redis connection is a rejection nobody handles: it ended the process on SIGTERM.
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => void unhandled.push(reason);
    process.on("unhandledRejection", onUnhandled);
    onTestFinished(async () => {
      process.off("unhandledRejection", onUnhandled);
      listener.disconnect();
      await closing.close();
      await redis.stop();
    });
    const [seller, buyer] = [await signedInUser(closing.app, closing.db), await signedInUser(closing.app, closing.db)];
    // What the process publishes for the seller's devices, wherever they are connected.
    let told = 0;
    await listener.subscribe(`socket.io#/#user:${seller.user.id}#`);
    listener.on("messageBuffer", (_channel: Buffer, message: Buffer) => {
      if (message.includes("new-message")) told += 1;
    });
    const chat = (
      await closing.app.inject({
        method: "POST",
        url: "/api/chats",
        headers: buyer.headers,
        payload: { recieverId: seller.user.id, firstMessage: "Hello" },
      })
    ).json().data;
    const socket: ClientSocket = connect(address, {
      path: "/messages",
      auth: { token: buyer.headers.authorization },
      transports: ["websocket"],
      reconnection: false,
    });
    sockets.push(socket);
    await new Promise((resolve) => socket.on("connect", () => resolve(undefined)));
    const dropped = new Promise((resolve) => socket.on("disconnect", resolve));

    let closed: Promise<void> | undefined;
    await closing.db.transaction(async (tx) => {
      // The buyer's messages wait in the writer (a batch held by the buyer's lock) while the process closes.
      await lockSender(tx, buyer.user.id);
      for (let index = 0; index < 19; index++) {
        socket.emit("send-message", {
          to: seller.user.id,
          message: `m${index}`,
          payload: { chatId: chat.id },
          clientId: `close-${index}`,
        });
      }
      await expect
        .poll(
          async () =>
            (
              await tx.execute<{ waiting: number }>(sql`
                select count(*)::int as waiting from pg_locks
                where locktype = 'advisory' and not granted and classid = 3901 and objid = ${buyer.user.id}`)
            )[0]!.waiting,
          { timeout: 10_000 },
        )
        .toBeGreaterThan(0);
      closed = closing.app.close();
      // The sockets are dropped first; the lock goes when this transaction ends.
      await dropped;
    });
    await closed;

    const stored = await closing.db.select().from(chatMessages).where(eq(chatMessages.chat_id, chat.id));
    expect(stored.length).toBeGreaterThan(1);
    await expect.poll(() => told, { timeout: 10_000 }).toBe(stored.length);
    // Whatever still tells a user after the close (a job, a late write) goes nowhere, and nothing is left unhandled.
    closing.app.realtime.sendToUser(seller.user.id, "new-message", {
      message: {
        id: 1,
        text: "late",
        createdAt: new Date().toISOString(),
        isRead: false,
        isSender: false,
        clientId: null,
      },
      payload: { chatId: chat.id, isSender: false },
    });
    closing.app.realtime.disconnectSession("any");
    await expect(closing.app.realtime.onlineAmong([seller.user.id])).rejects.toThrow("Realtime is closed");
    // A rejection is reported as unhandled once the turn it happened in is over.
    await new Promise((resolve) => setImmediate(resolve));
    expect(told).toBe(stored.length);
    expect(unhandled).toEqual([]);
  });
});

describe("presence on the ad page (spec §2)", () => {
  const presence = (userId: number | string, headers: Partial<Headers> = {}) =>
    ctx.app.inject({ method: "GET", url: `/api/users/${userId}/presence`, headers });

  it("answers anyone whether a user has a socket open: offline, online while connected, offline after", async () => {
    const seller = await person();
    const before = await presence(seller.user.id);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ data: { online: false } });
    expect(before.headers["cache-control"]).toBe("no-store");

    const phone = await open(seller.headers);
    const laptop = await open(seller.headers);
    expect((await presence(seller.user.id)).json().data).toEqual({ online: true });
    // A signed-in viewer gets the same answer; so does a viewer who has never chatted with the seller.
    const buyer = await person();
    expect((await presence(seller.user.id, buyer.headers)).json().data).toEqual({ online: true });

    // Online while any device is; offline once the last one leaves.
    const devices = async () =>
      (await ctx.app.realtime.io.fetchSockets()).filter((socket) => socket.data.userId === seller.user.id).length;
    phone.disconnect();
    await expect.poll(devices).toBe(1);
    expect((await presence(seller.user.id)).json().data).toEqual({ online: true });
    laptop.disconnect();
    await expect.poll(async () => (await presence(seller.user.id)).json().data.online).toBe(false);
  });

  it("is 404 for an unknown, banned or deleted user, and refuses an id that is not one", async () => {
    expect((await presence(2_000_000_000)).statusCode).toBe(404);
    expect((await presence("abc")).statusCode).toBe(422);

    const banned = await person();
    await open(banned.headers);
    await ctx.db.update(users).set({ status_id: USER_STATUS.banned }).where(eq(users.id, banned.user.id));
    const bannedPresence = await presence(banned.user.id);
    expect(bannedPresence.statusCode).toBe(404);
    expect(bannedPresence.json().message).toBe("User not found.");

    const deleted = await person();
    expect((await call("DELETE", "/user", deleted.headers)).statusCode).toBe(200);
    expect((await presence(deleted.user.id)).statusCode).toBe(404);
  });
});
