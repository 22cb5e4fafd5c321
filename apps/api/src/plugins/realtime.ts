import { createAdapter } from "@socket.io/redis-adapter";
import type { ClientToServerEvents, ServerToClientEvents } from "@waterside/shared/realtime";
import { REALTIME_PATH, REALTIME_UNAUTHORIZED } from "@waterside/shared/realtime";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { Server } from "socket.io";

interface SocketData {
  userId: number;
  sessionId: string;
  /** The newest access token the client has shown (handshake, or the spec's `token` on send-message). */
  token: string;
  /** When that token was last found to stand (ms since the epoch). */
  checkedAt: number;
}
export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

export interface Realtime {
  io: RealtimeServer;
  /** Tells every connected device of a user, on whichever process it is connected. */
  sendToUser<E extends keyof ServerToClientEvents>(
    userId: number,
    event: E,
    ...payload: Parameters<ServerToClientEvents[E]>
  ): void;
  /** Tells every connected device of a user but one socket (`exceptSocketId`), which hears of it another way. */
  sendToUserExcept<E extends keyof ServerToClientEvents>(
    userId: number,
    exceptSocketId: string,
    event: E,
    ...payload: Parameters<ServerToClientEvents[E]>
  ): void;
  /** Which of these users have a socket open now, on any process. */
  onlineAmong(userIds: number[]): Promise<Set<number>>;
  /** Ends the sockets of a signed-out session at once, on every process. */
  disconnectSession(sessionId: string): void;
  /**
   * Whether a token still speaks for the socket's user; a socket whose token does not is disconnected. The socket's
   * own token, checked within the last minute, is taken as it is (every socket is checked again each minute).
   */
  stillSignedIn(
    socket: { data: SocketData; disconnect(close?: boolean): unknown },
    token?: string,
    options?: { force?: boolean },
  ): Promise<boolean>;
}

declare module "fastify" {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

const userRoom = (userId: number) => `user:${userId}`;
const sessionRoom = (sessionId: string) => `session:${sessionId}`;
/** How often every socket's token is checked again: a revoked session or a ban ends its sockets within this time. */
const RECHECK_MS = 60_000;
/** How often the sockets due for that check are looked for. */
const RECHECK_TICK_MS = 1000;
const bareToken = (value: unknown) => String(value ?? "").replace(/^Bearer\s+/i, "");

/**
 * Socket.IO on path /messages (spec §7 realtime), on the app's own HTTP server: sockets authenticate in the
 * handshake with the same access token as the API and join a room of their user. With REDIS_URL the Redis adapter
 * lets several processes share rooms. Services reach users through `app.realtime.sendToUser`.
 */
export const realtimePlugin = fp(async (app: FastifyInstance) => {
  const io: RealtimeServer = new Server(app.server, { path: REALTIME_PATH, serveClient: false });

  if (app.redis) {
    // A subscribed connection can do nothing else: the adapter gets its own, and publishes on the shared one. Its
    // commands go out at once: ioredis would hold PUNSUBSCRIBE (missing from its list of commands never pipelined)
    // for the end of the turn, behind the QUIT that closes it.
    const sub = app.redis.duplicate({ enableAutoPipelining: false });
    io.adapter(createAdapter(app.redis, sub));
    app.addHook("onClose", async () => {
      await sub.quit().catch(() => sub.disconnect());
    });
  }

  io.use(async (socket, next) => {
    const token = bareToken(socket.handshake.auth.token);
    const principal = token ? await app.resolveToken(token) : null;
    if (principal?.kind !== "user") return next(new Error(REALTIME_UNAUTHORIZED));
    socket.data = { userId: principal.userId, sessionId: principal.sessionId, token, checkedAt: Date.now() };
    next();
  });
  io.on("connection", (socket) => socket.join([userRoom(socket.data.userId), sessionRoom(socket.data.sessionId)]));

  // Once closing, nothing more goes through the adapter: Redis closes right after Socket.IO, and a publish on a closed
  // connection is a rejection the adapter leaves unhandled, which ends the process (a job or a late write telling a
  // user during shutdown did that). No device is connected here any more; the rest catch up from the store by id.
  let closed = false;

  const realtime: Realtime = {
    io,
    sendToUser(userId, event, ...payload) {
      if (closed) {
        app.log.debug({ userId, event }, "not told: realtime is closed");
        return;
      }
      io.to(userRoom(userId)).emit(event, ...payload);
    },
    sendToUserExcept(userId, exceptSocketId, event, ...payload) {
      if (closed) {
        app.log.debug({ userId, event }, "not told: realtime is closed");
        return;
      }
      // Every socket is in a room of its own id, on every process: the adapter leaves that one out wherever it is.
      io.to(userRoom(userId))
        .except(exceptSocketId)
        .emit(event, ...payload);
    },
    async onlineAmong(userIds) {
      // A job asking (is the recipient online, or pushed to?) fails and is tried again by a process that is up.
      if (closed) throw new Error("Realtime is closed: who is online is not known here");
      if (userIds.length === 0) return new Set();
      const sockets = await io.in(userIds.map(userRoom)).fetchSockets();
      return new Set(sockets.map((socket) => socket.data.userId));
    },
    disconnectSession(sessionId) {
      // Other processes' sockets of the session fail their next token check (RECHECK_MS).
      if (closed) return;
      io.in(sessionRoom(sessionId)).disconnectSockets(true);
    },
    async stillSignedIn(socket, token, { force = false } = {}) {
      const candidate = token ? bareToken(token) : socket.data.token;
      if (!force && candidate === socket.data.token && Date.now() - socket.data.checkedAt < RECHECK_MS) return true;
      const principal = await app.resolveToken(candidate);
      if (principal?.kind === "user" && principal.userId === socket.data.userId) {
        socket.data.token = candidate;
        socket.data.checkedAt = Date.now();
        return true;
      }
      // A newer token that fails does not end a socket whose own token still stands.
      if (candidate !== socket.data.token) return this.stillSignedIn(socket, undefined, { force: true });
      socket.disconnect(true);
      return false;
    },
  };
  app.decorate("realtime", realtime);

  // Each socket is checked a minute after its last check, not all at once: 10,000 sockets connected together would
  // otherwise send 10,000 session reads in one burst every minute, and every message behind them would wait.
  const checking = new WeakSet<object>();
  const recheck = setInterval(() => {
    const due = Date.now() - RECHECK_MS;
    for (const socket of io.of("/").sockets.values()) {
      if (socket.data.checkedAt > due || checking.has(socket)) continue;
      checking.add(socket);
      void realtime
        .stillSignedIn(socket, undefined, { force: true })
        .catch(() => {})
        .finally(() => checking.delete(socket));
    }
  }, RECHECK_TICK_MS);
  recheck.unref();
  app.addHook("onClose", async () => clearInterval(recheck));

  // Upgraded connections are not the HTTP server's: open sockets would hold Fastify's close (server.close()) until
  // they leave. Closing the engine drops every transport, so clients see "transport close" and reconnect, through the
  // load balancer, to a process that is up; Fastify then waits for in-flight requests.
  app.addHook("preClose", async () => {
    io.engine.close();
  });
  // Modules that tell users of work still in flight (the chat's message writer) finish it in onClose hooks of their
  // own, registered later and so run before this one; Redis (redis plugin, and the adapter's subscriber above) closes
  // after.
  app.addHook("onClose", async () => {
    closed = true;
    await io.close();
  });
});
