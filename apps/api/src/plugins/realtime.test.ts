import Fastify from "fastify";
import { io as connect, type Socket } from "socket.io-client";
import { afterEach, describe, expect, it } from "vitest";
import { attachRealtime } from "./realtime.ts";

const servers: Array<{ close: () => Promise<unknown> }> = [];
const sockets: Socket[] = [];
afterEach(async () => {
  sockets.splice(0).forEach((socket) => socket.disconnect());
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** A server whose only valid token is "good-token", for user 7. */
async function startServer(redisUrl?: string) {
  const app = Fastify();
  const io = await attachRealtime(app, {
    redisUrl,
    authenticate: async (token) => (token === "good-token" ? 7 : null),
  });
  const url = await app.listen({ port: 0, host: "127.0.0.1" });
  servers.push(app);
  return { url, io };
}

function open(url: string, token?: string) {
  const socket = connect(url, {
    path: "/messages",
    auth: token ? { token } : {},
    transports: ["websocket"],
    reconnection: false,
  });
  sockets.push(socket);
  return socket;
}

describe("realtime on /messages", () => {
  it("refuses a handshake without a valid token", async () => {
    const { url } = await startServer();
    const error = await new Promise<Error>((resolve) => open(url, "forged").on("connect_error", resolve));
    expect(error.message).toBe("unauthorized");
  });

  it("accepts a valid bearer token and puts the socket in its user's room", async () => {
    const { url, io } = await startServer();
    const socket = open(url, "Bearer good-token");
    await new Promise<void>((resolve) => socket.on("connect", () => resolve()));
    const received = new Promise((resolve) => socket.on("ping-user", resolve));
    io.to("user:7").emit("ping-user", { hello: "Monrovia" });
    expect(await received).toEqual({ hello: "Monrovia" });
  });

  it.runIf(process.env.TEST_REDIS_URL)("shares rooms between processes through the Redis adapter", async () => {
    const first = await startServer(process.env.TEST_REDIS_URL);
    const second = await startServer(process.env.TEST_REDIS_URL);
    const socket = open(second.url, "good-token");
    await new Promise<void>((resolve) => socket.on("connect", () => resolve()));
    const received = new Promise((resolve) => socket.on("ping-user", resolve));
    first.io.to("user:7").emit("ping-user", { from: "first" });
    expect(await received).toEqual({ from: "first" });
  });
});
