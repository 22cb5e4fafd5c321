import { afterAll, beforeAll, expect, it } from "vitest";
import { createAd, createUser } from "../test/factories.ts";
import { describeNeeding } from "../test/needs.ts";
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

  it("is left out of a first visit's page, kept for the page to fetch at the reader's intent", async () => {
    const page = await get(LISTING);
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
    // Two pages, two start-ups: one reader's tap never reads another's page.
    expect(bootUrlIn((await get(LISTING)).body)).not.toBe(bootUrl);
  });

  it("comes inline, as it always did, to a browser that has run the app (and keeps pages for offline reading)", async () => {
    const page = await get(LISTING, { cookie: "data_saver=off; waterside_app_ran=1" });
    expect(bootUrlIn(page.body)).toBeUndefined();
    expect(routerDataChunks(page.body).join("")).toContain(adTitle);
    expect(page.body).toMatch(/\/assets\/entry\.client-[\w-]+\.js/);
  });

  it("is rendered again from the page's path when it is no longer kept", async () => {
    const boot = await get(`/page-boot/AAAAAAAAAAAAAAAA?page=${encodeURIComponent(LISTING)}`);
    expect(boot.statusCode).toBe(200);
    expect(routerDataChunks(boot.json<PageBoot>().routerData).join("")).toContain(adTitle);
  });

  it("answers 404 for a page with no start-up, and never renders a path outside the pages", async () => {
    for (const page of ["/about-us", "//evil.example/x", "/api/ads", "/media/x.webp", "https://evil.example/"]) {
      const boot = await get(`/page-boot/AAAAAAAAAAAAAAAA?page=${encodeURIComponent(page)}`);
      expect(boot.statusCode, page).toBe(404);
      expect(boot.json<{ message: string }>().message).toMatch(/load the page again/);
    }
    expect((await get("/page-boot/AAAAAAAAAAAAAAAA")).statusCode).toBe(404);
    expect((await get(`/page-boot/x?page=${encodeURIComponent("/about-us")}`)).statusCode).toBe(404);
  });
});
