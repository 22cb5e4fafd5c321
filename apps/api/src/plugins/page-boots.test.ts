import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { describe, expect, it, onTestFinished } from "vitest";
import { needIn } from "../test/needs.ts";
import { redisServerMissing, startRedis } from "../test/redis-server.ts";
import { createPageBoots, PAGE_BOOT_ID, PAGE_BOOT_SECONDS } from "./page-boots.ts";

/** A start-up as a listing's would be: the router's data (mostly text) and a module. */
const bootOf = (title: string) =>
  JSON.stringify({
    routerData: `window.__reactRouterContext.streamController.enqueue(${JSON.stringify(`[{"title":"${title}"}]`)});`,
    preloads: ["/assets/entry.client-1.js"],
    hydration: 'import("/assets/entry.client-1.js");',
  });

describe("page start-ups kept in memory", () => {
  it("are read back as kept, each page's data once, until they expire", async () => {
    let clock = 0;
    const boots = createPageBoots(null, { now: () => clock });
    const first = await boots.keep(bootOf("Toyota Corolla 2012"));
    const second = await boots.keep(bootOf("Suzuki Alto"));
    expect(first).toMatch(PAGE_BOOT_ID);
    expect(second).not.toBe(first);
    expect(await boots.keep(bootOf("Toyota Corolla 2012"))).toBe(first);
    expect(await boots.read(first)).toBe(bootOf("Toyota Corolla 2012"));
    // Read again (a tap that failed to load the code and is tried again): still there.
    expect(await boots.read(first)).toBe(bootOf("Toyota Corolla 2012"));
    expect(await boots.read("AAAAAAAAAAAAAAAA")).toBeNull();

    clock = PAGE_BOOT_SECONDS * 1000 - 1;
    expect(await boots.read(second)).toBe(bootOf("Suzuki Alto"));
    clock = PAGE_BOOT_SECONDS * 1000;
    expect(await boots.read(second)).toBeNull();
  });

  it("give up the oldest first once they pass their space", async () => {
    // Random bytes in base64 compress to about the bytes: each start-up keeps a little over 15 KB, six fit in 100 KB.
    const boots = createPageBoots(null, { memoryBytes: 100_000 });
    const ids = [];
    for (let page = 0; page < 8; page += 1) ids.push(await boots.keep(randomBytes(15_000).toString("base64")));
    const kept = await Promise.all(ids.map((id) => boots.read(id)));
    expect(kept.map((boot) => boot !== null)).toEqual([false, false, true, true, true, true, true, true]);
    // A page kept again counts once, and becomes the newest: the oldest other is given up for the next.
    const again = await boots.keep(kept[2]!);
    expect(again).toBe(ids[2]);
    await boots.keep(randomBytes(15_000).toString("base64"));
    expect(await boots.read(ids[2]!)).not.toBeNull();
    expect(await boots.read(ids[3]!)).toBeNull();
  });
});

describe("page start-ups kept in Redis", () => {
  it("are read by another process than the one that rendered the page, and expire there too", async (context) => {
    needIn(context, [redisServerMissing()]);
    const redis = await startRedis();
    onTestFinished(() => redis.stop());
    // Two processes' connections, as plugins/redis.ts opens them; Redis is stopped before they are let go.
    const [rendering, tapped] = [0, 1].map(() =>
      new Redis(redis.url, { maxRetriesPerRequest: 2 }).on("error", () => {}),
    ) as [Redis, Redis];
    onTestFinished(() => {
      rendering.disconnect();
      tapped.disconnect();
    });
    const id = await createPageBoots(rendering).keep(bootOf("Honda generator"));
    expect(await createPageBoots(tapped).read(id)).toBe(bootOf("Honda generator"));
    const ttl = await tapped.ttl(`waterside:page-boot:${id}`);
    expect(ttl).toBeGreaterThan(PAGE_BOOT_SECONDS - 5);
    expect(ttl).toBeLessThanOrEqual(PAGE_BOOT_SECONDS);
    expect(await createPageBoots(tapped).read("AAAAAAAAAAAAAAAA")).toBeNull();

    // Redis gone: keeping fails at once (the page then carries its start-up), reading finds nothing.
    await redis.stop();
    await expect(createPageBoots(rendering).keep(bootOf("Rice, 25 kg bag"))).rejects.toThrow();
    expect(await createPageBoots(tapped).read(id)).toBeNull();
  });
});
