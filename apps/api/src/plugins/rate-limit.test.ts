import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_RATE_LIMITS } from "../modules/auth/auth.routes.ts";
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
