import type { ClientToServerEvents, ServerToClientEvents } from "@waterside/shared/realtime";
import { io as connect, type Socket } from "socket.io-client";
import { afterEach, describe, expect, it, onTestFinished } from "vitest";
import { authHeaders, createUser } from "../test/factories.ts";
import { needIn } from "../test/needs.ts";
import { redisServerMissing, startRedis } from "../test/redis-server.ts";
import { createTestApp } from "../test/test-app.ts";

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
const apps: Array<Awaited<ReturnType<typeof createTestApp>>> = [];
const sockets: ClientSocket[] = [];
afterEach(async () => {
  sockets.splice(0).forEach((socket) => socket.disconnect());
  await Promise.all(apps.splice(0).map((ctx) => ctx.close()));
});

/** The whole app, listening, as `npm start` serves it: API and sockets share one port and one token check. */
async function startApp(env: Record<string, string> = {}) {
  const ctx = await createTestApp(env);
  const url = await ctx.app.listen({ port: 0, host: "127.0.0.1" });
  apps.push(ctx);
  return { ...ctx, url };
}

function open(url: string, token?: string) {
  const socket: ClientSocket = connect(url, {
    path: "/messages",
    auth: token ? { token } : {},
    transports: ["websocket"],
    reconnection: false,
  });
  sockets.push(socket);
  return socket;
}

const connected = (socket: ClientSocket) =>
  new Promise<void>((resolve) => (socket.connected ? resolve() : socket.on("connect", () => resolve())));
const tokenOf = (headers: { authorization: string }) => headers.authorization.replace("Bearer ", "");

const message = {
  id: 1,
  text: "Is it still available?",
  createdAt: "2026-11-23T10:00:00.000Z",
  isRead: false,
  clientId: null,
};

describe("realtime on /messages", () => {
  it("refuses a handshake without a valid user token, and a revoked one", async () => {
    const { app, db, url } = await startApp();
    const forged = await new Promise<Error>((resolve) => open(url, "forged").on("connect_error", resolve));
    expect(forged.message).toBe("unauthorized");

    const user = await createUser(db);
    const headers = await authHeaders(app, { kind: "user", userId: user.id });
    await app.inject({ method: "POST", url: "/api/auth/logout", headers, payload: { device_id: "x" } });
    const revoked = await new Promise<Error>((resolve) => open(url, tokenOf(headers)).on("connect_error", resolve));
    expect(revoked.message).toBe("unauthorized");
  });

  it("tells every device of a user, and nobody else, through sendToUser", async () => {
    const { app, db, url } = await startApp();
    const [buyer, stranger] = [await createUser(db), await createUser(db)];
    const [phoneToken, laptopToken, strangerToken] = [
      tokenOf(await authHeaders(app, { kind: "user", userId: buyer.id })),
      tokenOf(await authHeaders(app, { kind: "user", userId: buyer.id })),
      tokenOf(await authHeaders(app, { kind: "user", userId: stranger.id })),
    ];
    const [phone, laptop, other] = [
      open(url, `Bearer ${phoneToken}`),
      open(url, laptopToken),
      open(url, strangerToken),
    ];
    await Promise.all([phone, laptop, other].map(connected));
    const strangerHeard: unknown[] = [];
    other.on("new-message", (event) => strangerHeard.push(event));

    const received = [phone, laptop].map(
      (socket) => new Promise((resolve) => socket.on("new-message", (event) => resolve(event))),
    );
    const event = { message: { ...message, isSender: false }, payload: { chatId: 3, isSender: false } };
    app.realtime.sendToUser(buyer.id, "new-message", event);
    expect(await Promise.all(received)).toEqual([event, event]);
    expect(strangerHeard).toEqual([]);
  });

  it("reaches a user connected to another process through Redis", async (context) => {
    needIn(context, [redisServerMissing()]);
    const redis = await startRedis();
    onTestFinished(() => redis.stop());
    const first = await startApp({ REDIS_URL: redis.url });
    const second = await startApp({ REDIS_URL: redis.url });
    // Two apps on two databases: the user exists in the second, where the socket connects.
    const user = await createUser(second.db);
    const socket = open(second.url, tokenOf(await authHeaders(second.app, { kind: "user", userId: user.id })));
    await connected(socket);
    // The chat module tells every new socket its online contacts (none here) first.
    const received = new Promise((resolve) => socket.on("online", (ids) => ids.length > 0 && resolve(ids)));
    first.app.realtime.sendToUser(user.id, "online", [42]);
    expect(await received).toEqual([42]);
    // Presence (the chat's `online`, the ad page's seller status) sees sockets of every process.
    expect(await first.app.realtime.onlineAmong([user.id, user.id + 1])).toEqual(new Set([user.id]));
  });
});
