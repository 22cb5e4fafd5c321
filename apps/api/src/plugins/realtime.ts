import { createAdapter } from "@socket.io/redis-adapter";
import type { FastifyInstance } from "fastify";
import { createClient } from "redis";
import { Server } from "socket.io";

export interface RealtimeOptions {
  redisUrl?: string;
  /** Resolves a handshake's bearer token to a user id, or null when it is not valid. */
  authenticate: (token: string) => Promise<number | null>;
}

/**
 * Socket.IO on path /messages (spec §7 realtime). Every socket must authenticate in the handshake
 * and joins a room of its own user. With REDIS_URL the Redis adapter lets several processes share rooms.
 */
export async function attachRealtime(app: FastifyInstance, { redisUrl, authenticate }: RealtimeOptions) {
  const io = new Server(app.server, { path: "/messages", serveClient: false });

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
    const userId = token ? await authenticate(token) : null;
    if (!userId) return next(new Error("unauthorized"));
    socket.data.userId = userId;
    next();
  });
  io.on("connection", (socket) => socket.join(`user:${socket.data.userId}`));

  app.addHook("onClose", async () => {
    await io.close();
  });
  return io;
}
