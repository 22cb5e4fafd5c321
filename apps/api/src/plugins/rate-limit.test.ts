import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { AUTH_RATE_LIMITS } from "../modules/auth/auth.routes.ts";
import { needIn } from "../test/needs.ts";
import { redisServerMissing, startRedis } from "../test/redis-server.ts";
import { createTestApp } from "../test/test-app.ts";

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let direct: TestApp;
let behindProxy: TestApp;

beforeAll(async () => {
  direct = await createTestApp();
  behindProxy = await createTestApp({ TRUST_PROXY: "127.0.0.1" });
});
afterAll(async () => {
  await direct.close();
  await behindProxy.close();
});

/** The email check's per-IP limit, each try claiming a new client address. */
async function checksFromSpoofedAddresses(ctx: TestApp, count: number) {
  const statuses: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/register/validate-credentials",
      headers: { "x-forwarded-for": `203.0.113.${index % 250}, 198.51.100.${index % 250}` },
      payload: { email: `someone${index}@example.com` },
    });
    statuses.push(response.statusCode);
  }
  return statuses;
}

describe("per-address limits and forwarded headers", () => {
  it("ignores X-Forwarded-For from a client that is not a configured proxy", async () => {
    const max = AUTH_RATE_LIMITS.emailCheckPerIp.max;
    const statuses = await checksFromSpoofedAddresses(direct, max + 5);
    expect(statuses.slice(0, max).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(max).every((status) => status === 429)).toBe(true);
  });

  it("believes the configured proxy, which names a different client each time", async () => {
    const max = AUTH_RATE_LIMITS.emailCheckPerIp.max;
    const statuses = await checksFromSpoofedAddresses(behindProxy, max + 5);
    expect(statuses.every((status) => status === 200)).toBe(true);
  });
});

describe("limits shared by several processes", () => {
  /** Email checks from one address, alternating between the apps. */
  async function alternate(apps: TestApp[], count: number) {
    const statuses: number[] = [];
    for (let index = 0; index < count; index += 1) {
      const response = await apps[index % apps.length]!.app.inject({
        method: "POST",
        url: "/api/auth/register/validate-credentials",
        remoteAddress: "198.51.100.7",
        payload: { email: `shared${index}@example.com` },
      });
      statuses.push(response.statusCode);
    }
    return statuses;
  }

  it("counts one allowance across processes with REDIS_URL, and one per process without it", async (context) => {
    const max = AUTH_RATE_LIMITS.emailCheckPerIp.max;
    const alone = [await createTestApp(), await createTestApp()];
    onTestFinished(async () => {
      await Promise.all(alone.map((ctx) => ctx.close()));
    });
    // In memory, each process keeps its own counters: two processes allow twice as much.
    expect((await alternate(alone, max * 2)).every((status) => status === 200)).toBe(true);

    needIn(context, [redisServerMissing()]);
    const redis = await startRedis();
    onTestFinished(() => redis.stop());
    const shared = [await createTestApp({ REDIS_URL: redis.url }), await createTestApp({ REDIS_URL: redis.url })];
    onTestFinished(async () => {
      await Promise.all(shared.map((ctx) => ctx.close()));
    });
    const statuses = await alternate(shared, max + 4);
    expect(statuses.slice(0, max).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(max)).toEqual([429, 429, 429, 429]);
  });
});
