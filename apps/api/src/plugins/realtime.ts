import { createAdapter } from "@socket.io/redis-adapter";
import type { ClientToServerEvents, ServerToClientEvents } from "@waterside/shared/realtime";
import { REALTIME_PATH, REALTIME_UNAUTHORIZED } from "@waterside/shared/realtime";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { createClient } from "redis";
import { Server } from "socket.io";

interface SocketData {
  userId: number;
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
}

declare module "fastify" {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

const userRoom = (userId: number) => `user:${userId}`;

/**
 * Socket.IO on path /messages (spec §7 realtime), on the app's own HTTP server: sockets authenticate in the
 * handshake with the same access token as the API and join a room of their user. With REDIS_URL the Redis adapter
 * lets several processes share rooms. Services reach users through `app.realtime.sendToUser`.
 */
export const realtimePlugin = fp(async (app: FastifyInstance, { redisUrl }: { redisUrl?: string }) => {
  const io: RealtimeServer = new Server(app.server, { path: REALTIME_PATH, serveClient: false });

  if (redisUrl) {
    const pub = createClient({ url: redisUrl });
    const sub = pub.duplicate();
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createAdapter(pub, sub));
    app.addHook("onClose", async () => {
      await Promise.allSettled([pub.quit(), sub.quit()]);
    });
  }

  io.use(async (socket, next) => {
    const token = String(socket.handshake.auth.token ?? "").replace(/^Bearer\s+/i, "");
    const principal = token ? await app.resolveToken(token) : null;
    if (principal?.kind !== "user") return next(new Error(REALTIME_UNAUTHORIZED));
    socket.data.userId = principal.userId;
    next();
  });
  io.on("connection", (socket) => socket.join(userRoom(socket.data.userId)));

  app.decorate("realtime", {
    io,
    sendToUser(userId, event, ...payload) {
      io.to(userRoom(userId)).emit(event, ...payload);
    },
  } satisfies Realtime);

  app.addHook("onClose", async () => {
    await io.close();
  });
});
