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
  it("are read back as kept, by an id no one can guess, until they expire", async () => {
    let clock = 0;
    const boots = createPageBoots(null, { now: () => clock });
    const first = await boots.keep(bootOf("Toyota Corolla 2012"));
    const second = await boots.keep(bootOf("Suzuki Alto"));
    expect(first).toMatch(PAGE_BOOT_ID);
    expect(second).not.toBe(first);
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
  });
});

describe("page start-ups kept in Redis", () => {
  it("are read by another process than the one that rendered the page, and expire there too", async (context) => {
    needIn(context, [redisServerMissing()]);
    const redis = await startRedis();
    onTestFinished(() => redis.stop());
    const [rendering, tapped] = [new Redis(redis.url), new Redis(redis.url)];
    onTestFinished(async () => {
      await Promise.all([rendering.quit(), tapped.quit()]);
    });
    const id = await createPageBoots(rendering).keep(bootOf("Honda generator"));
    expect(await createPageBoots(tapped).read(id)).toBe(bootOf("Honda generator"));
    const ttl = await tapped.ttl(`waterside:page-boot:${id}`);
    expect(ttl).toBeGreaterThan(PAGE_BOOT_SECONDS - 5);
    expect(ttl).toBeLessThanOrEqual(PAGE_BOOT_SECONDS);
    expect(await createPageBoots(tapped).read("AAAAAAAAAAAAAAAA")).toBeNull();
  });
});
