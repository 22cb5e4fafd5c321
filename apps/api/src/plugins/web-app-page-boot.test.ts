import { Redis } from "ioredis";
import { afterAll, beforeAll, expect, it, onTestFinished } from "vitest";
import { createAd, createUser } from "../test/factories.ts";
import { describeNeeding, needIn } from "../test/needs.ts";
import { redisServerMissing, startRedis } from "../test/redis-server.ts";
import { webAppMissing } from "../test/server-process.ts";
import type { TestApp } from "../test/test-app.ts";
import { bootUrlIn, routerDataChunks, webSiteWith } from "../test/web-site.ts";

interface PageBoot {
  routerData: string;
  preloads: string[];
  hydration: string;
}

const LISTING = "/categories/1/1";

describeNeeding([webAppMissing()], "a public page's start-up (decision 111)", { timeout: 60_000 }, () => {
  let site: TestApp;
  let adTitle: string;
  beforeAll(async () => {
    site = await webSiteWith();
    const seller = await createUser(site.db);
    adTitle = (await createAd(site.db, { user_id: seller.id, subcategory_id: 1, title: "Honda generator 5 kVA" }))
      .title;
  });
  afterAll(() => site?.close());

  const get = (url: string, headers: Record<string, string> = {}) => site.app.inject({ method: "GET", url, headers });
  /** A page as a reader's browser asks for it: a navigation. */
  const open = (url: string, headers: Record<string, string> = {}) =>
    get(url, { "sec-fetch-mode": "navigate", ...headers });

  it("is left out of a first visit's page, kept for the page to fetch at the reader's intent", async () => {
    const page = await open(LISTING);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(adTitle);
    expect(routerDataChunks(page.body)).toEqual([]);
    expect(page.body).not.toMatch(/\/assets\/entry\.client-[\w-]+\.js/);
    expect(page.body).not.toContain("import(");

    const bootUrl = bootUrlIn(page.body)!;
    expect(bootUrl).toMatch(/^\/page-boot\/[\w-]{16}\?page=%2Fcategories%2F1%2F1$/);
    const boot = await get(bootUrl);
    expect(boot.statusCode).toBe(200);
    expect(boot.headers["cache-control"]).toBe("no-store");
    const { routerData, preloads, hydration } = boot.json<PageBoot>();
    expect(routerDataChunks(routerData).join("")).toContain("loaderData");
    expect(routerDataChunks(routerData).join("")).toContain(adTitle);
    expect(preloads.some((file) => /^\/assets\/entry\.client-[\w-]+\.js$/.test(file))).toBe(true);
    expect(hydration).toContain("import(");
    // Named by what it holds: the same page with the same data is kept once, another page apart.
    expect(bootUrlIn((await open(LISTING)).body)).toBe(bootUrl);
    const otherPage = bootUrlIn((await open("/categories/1/2")).body);
    expect(otherPage).toMatch(/^\/page-boot\/[\w-]{16}\?page=%2Fcategories%2F1%2F2$/);
    expect(otherPage!.split("?")[0]).not.toBe(bootUrl.split("?")[0]);
  });

  it("comes inline, as it always did, to a browser that has run the app (and keeps pages for offline reading)", async () => {
    const page = await open(LISTING, { cookie: "data_saver=off; waterside_app_ran=1" });
    expect(bootUrlIn(page.body)).toBeUndefined();
    expect(routerDataChunks(page.body).join("")).toContain(adTitle);
    expect(page.body).toMatch(/\/assets\/entry\.client-[\w-]+\.js/);
  });

  it("comes inline, and nothing is kept, for what is not a reader's navigation or not a page rendered whole", async () => {
    // A crawler, a link preview or a HEAD sends no Sec-Fetch-Mode: navigate.
    const crawled = await get(LISTING);
    expect(bootUrlIn(crawled.body)).toBeUndefined();
    expect(routerDataChunks(crawled.body).join("")).toContain(adTitle);
    const missing = await open("/categories/1/1/999999");
    expect(missing.statusCode).toBe(404);
    expect(bootUrlIn(missing.body)).toBeUndefined();
    expect(routerDataChunks(missing.body)).not.toEqual([]);
  });

  it("is rendered again from the page's path when it is no longer kept", async () => {
    const boot = await get(`/page-boot/AAAAAAAAAAAAAAAA?page=${encodeURIComponent(LISTING)}`);
    expect(boot.statusCode).toBe(200);
    expect(routerDataChunks(boot.json<PageBoot>().routerData).join("")).toContain(adTitle);
  });

  it("answers 404 for a page with no start-up, and never renders a path outside the pages", async () => {
    const notPages = ["/about-us", "/categories/1/1/999999", "/robots.txt", "/__manifest?p=%2F&version=1"];
    const elsewhere = ["//evil.example/x", "/%09/evil.example/", "https://evil.example/", "http://[", "/api/ads"];
    for (const page of [...notPages, ...elsewhere, "/media/x.webp"]) {
      const boot = await get(`/page-boot/AAAAAAAAAAAAAAAA?page=${encodeURIComponent(page)}`);
      expect(boot.statusCode, page).toBe(404);
      expect(boot.json<{ message: string }>().message).toMatch(/load the page again/);
    }
    expect((await get("/page-boot/AAAAAAAAAAAAAAAA")).statusCode).toBe(404);
    expect((await get(`/page-boot/x?page=${encodeURIComponent("/about-us")}`)).statusCode).toBe(404);
  });

  it("is kept in Redis for every process, and rides in the page when Redis cannot keep it at once", async (context) => {
    needIn(context, [redisServerMissing()]);
    const redis = await startRedis();
    onTestFinished(() => redis.stop());
    // Two processes on one Redis; each test site has a database of its own, so only the first knows this ad.
    const [rendering, tapped] = await Promise.all([
      webSiteWith({ REDIS_URL: redis.url }),
      webSiteWith({ REDIS_URL: redis.url }),
    ]);
    onTestFinished(async () => {
      await Promise.all([rendering.close(), tapped.close()]);
    });
    const seller = await createUser(rendering.db);
    await createAd(rendering.db, { user_id: seller.id, subcategory_id: 1, title: "Solar panel 250 W" });
    const navigation = { "sec-fetch-mode": "navigate" };
    const page = await rendering.app.inject({ method: "GET", url: LISTING, headers: navigation });
    const boot = await tapped.app.inject({ method: "GET", url: bootUrlIn(page.body)! });
    expect(boot.statusCode).toBe(200);
    expect(routerDataChunks(boot.json<PageBoot>().routerData).join("")).toContain("Solar panel 250 W");

    // Redis holding every write for two seconds: the page does not wait for it, and carries its start-up.
    const admin = new Redis(redis.url);
    onTestFinished(() => admin.disconnect());
    await admin.call("CLIENT", "PAUSE", "2000", "WRITE");
    const started = Date.now();
    const redisStalled = await rendering.app.inject({ method: "GET", url: LISTING, headers: navigation });
    expect(Date.now() - started).toBeLessThan(1500);
    expect(redisStalled.statusCode).toBe(200);
    expect(bootUrlIn(redisStalled.body)).toBeUndefined();
    expect(routerDataChunks(redisStalled.body).join("")).toContain("Solar panel 250 W");
  });
});
