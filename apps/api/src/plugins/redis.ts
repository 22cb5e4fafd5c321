import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { Redis } from "ioredis";

declare module "fastify" {
  interface FastifyInstance {
    /**
     * The connection shared by every process when `REDIS_URL` is set (rate-limit counters, the realtime adapter, the
     * start-ups of pages a first visit was sent without); null when the app runs alone and keeps that state in memory.
     */
    redis: Redis | null;
  }
}

export const redisPlugin = fp(async (app: FastifyInstance, { redisUrl }: { redisUrl?: string }) => {
  if (!redisUrl) {
    app.decorate("redis", null);
    return;
  }
  // Fail at start, not on the first request, when Redis is unreachable. The commands given in one turn of the event
  // loop go out in one write (decision 113): a batch of chat messages tells its users with two publishes each.
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2, enableAutoPipelining: true });
  await redis.connect();
  app.decorate("redis", redis);
  app.addHook("onClose", async () => {
    // Commands wait for the end of the loop's turn to go out together: send them before QUIT, which goes at once.
    while (redis.autoPipelineQueueSize > 0) await new Promise((resolve) => setImmediate(resolve));
    await redis.quit().catch(() => redis.disconnect());
  });
});
