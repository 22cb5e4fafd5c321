import Fastify from "fastify";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRedis } from "../test/redis-server.ts";
import { redisPlugin } from "./redis.ts";

let server: Awaited<ReturnType<typeof startRedis>>;
beforeAll(async () => {
  server = await startRedis();
});
afterAll(() => server.stop());

describe("the shared Redis connection (decision 113)", () => {
  it("sends a turn's commands together, and those given as the process closes before it closes", async () => {
    const app = Fastify();
    await app.register(redisPlugin, { redisUrl: server.url });
    await app.ready();
    const redis = app.redis!;
    const written = Array.from({ length: 50 }, (_, index) => redis.set(`closing:${index}`, "kept"));
    // Held for the end of the turn, to go out in one write.
    expect(redis.autoPipelineQueueSize).toBe(50);
    const closed = app.close();
    const late = redis.incr("closing:late");
    await closed;
    expect(await Promise.all([...written, late])).toEqual([...written.map(() => "OK"), 1]);

    const reader = new Redis(server.url);
    expect(await reader.mget(["closing:0", "closing:49", "closing:late"])).toEqual(["kept", "kept", "1"]);
    await reader.quit();
  });
});
