import path from "node:path";
import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { AD_STATUS } from "@waterside/shared/reference-ids";
import { beforeAll, describe, expect, it } from "vitest";
import { ads } from "../db/schema/ads.ts";
import { createAd, createUser } from "../test/factories.ts";
import { describeNeeding } from "../test/needs.ts";
import { webAppMissing } from "../test/server-process.ts";
import { useTestApp } from "../test/test-app.ts";
import { registerWebApp } from "./web-app.ts";

const webRoot = path.resolve(import.meta.dirname, "../../../web");
const ctx = useTestApp();
// Before any request boots the app; the pages' suite below says why when the build is missing.
beforeAll(async () => {
  if (!webAppMissing()) await registerWebApp(ctx.app, { webRoot, dev: false, publicUrl: "http://waterside.test" });
});

it("GET /api/ads/id/:id/availability tells a gone ad (hidden, deleted) from one never posted", async () => {
  const seller = await createUser(ctx.db);
  const live = await createAd(ctx.db, { user_id: seller.id });
  const hidden = await createAd(ctx.db, { user_id: seller.id, status_id: AD_STATUS.hidden });
  const deleted = await createAd(ctx.db, { user_id: seller.id });
  await ctx.db.delete(ads).where(eq(ads.id, deleted.id));
  const state = async (id: number) =>
    (await ctx.app.inject({ method: "GET", url: `/api/ads/id/${id}/availability` })).json().data.state;
  expect(await state(live.id)).toBe("available");
  expect(await state(hidden.id)).toBe("gone");
  expect(await state(deleted.id)).toBe("gone");
  expect(await state(deleted.id + 1000)).toBe("unknown");
  const refused = await ctx.app.inject({ method: "GET", url: "/api/ads/id/abc/availability" });
  expect(refused.statusCode).toBe(422);
});

describeNeeding([webAppMissing()], "pages of the web app", { timeout: 30_000 }, () => {
  /** The pages' addresses, once their ads exist. */
  const urls = { home: "/", unknownPath: "/no-such-page", ad: "", hidden: "", deleted: "", unknown: "", listing: "" };

  beforeAll(async () => {
    const seller = await createUser(ctx.db);
    const path = (ad: { id: number; category_id: number; subcategory_id: number }) =>
      `/categories/${ad.category_id}/${ad.subcategory_id}/${ad.id}`;
    const ad = await createAd(ctx.db, { user_id: seller.id, title: "Toyota Corolla 2012 clean" });
    const hidden = await createAd(ctx.db, { user_id: seller.id, status_id: AD_STATUS.hidden });
    const deleted = await createAd(ctx.db, { user_id: seller.id });
    await ctx.db.delete(ads).where(eq(ads.id, deleted.id));
    urls.ad = path(ad);
    urls.hidden = path(hidden);
    urls.deleted = path(deleted);
    urls.unknown = path({ ...ad, id: deleted.id + 1000 });
    urls.listing = `/categories/${ad.category_id}/${ad.subcategory_id}`;
  });

  const get = (url: string): Promise<LightMyRequestResponse> => ctx.app.inject({ method: "GET", url });
  const head = (url: string): Promise<LightMyRequestResponse> => ctx.app.inject({ method: "HEAD", url });

  it.each([
    ["the home page", "home", 200],
    ["a listing", "listing", 200],
    ["an ad", "ad", 200],
    ["a deleted ad", "deleted", 410],
    ["an unknown ad", "unknown", 404],
    ["an unknown path", "unknownPath", 404],
  ] as const)("HEAD of %s answers as GET does: HTML, the same status, no body", async (_, name, status) => {
    const [answer, page] = await Promise.all([head(urls[name]), get(urls[name])]);
    expect(page.statusCode).toBe(status);
    expect(answer.statusCode).toBe(status);
    expect(answer.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(answer.body).toBe("");
    expect(page.body).toContain("<html");
  });

  it.each([
    ["hidden (as a ban hides it too)", "hidden", 410],
    ["deleted", "deleted", 410],
    ["never posted", "unknown", 404],
  ] as const)("the link of an ad %s is a page saying it is no longer available", async (_, name, status) => {
    const page = await get(urls[name]);
    expect(page.statusCode).toBe(status);
    expect(page.body).toContain("This ad is no longer available");
    expect(page.body).toContain('<meta name="robots" content="noindex"/>');
    expect(page.body).not.toContain("Something went wrong");
  });

  it("an unknown category or subcategory is the site's Page Not Found", async () => {
    for (const url of ["/categories/987654", `${urls.listing}987654`]) {
      const page = await get(url);
      expect(page.statusCode).toBe(404);
      expect(page.body).toContain("Page Not Found");
      expect(page.body).not.toContain("Something went wrong");
    }
  });

  it("the ad page names its Open Graph type once: product", async () => {
    const page = await get(urls.ad);
    expect(page.body.match(/property="og:type"/g)).toHaveLength(1);
    expect(page.body).toContain('<meta property="og:type" content="product"/>');
  });

  describe("data saver (decision 105)", () => {
    const pages = { listing: "", ad: "" };
    beforeAll(async () => {
      const seller = await createUser(ctx.db);
      const ad = await createAd(ctx.db, { user_id: seller.id, images: 2 });
      pages.listing = `/categories/${ad.category_id}/${ad.subcategory_id}`;
      pages.ad = `${pages.listing}/${ad.id}`;
    });
    const page = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: "GET", url, headers });
    /** The photos a page makes the browser load: its images and preloads, not the router's data beside them. */
    const photoTags = (html: string) =>
      (html.match(/<(img|link)\b[^>]*>/g) ?? []).filter((tag) => tag.includes(".webp"));

    it.each([
      ["Save-Data: on", { "save-data": "on" }],
      ["the data saver cookie", { cookie: "data_saver=on" }],
    ])("with %s, cards are the small card alone and the ad's photos wait for a tap", async (_, headers) => {
      const listing = photoTags((await page(pages.listing, headers)).body);
      expect(listing.length).toBeGreaterThan(0);
      for (const tag of listing) {
        expect(tag).toMatch(/(src|href)="[^"]+-card_small\.webp"/);
        expect(tag).not.toMatch(/srcset/i);
      }
      const ad = await page(pages.ad, headers);
      expect(ad.body).toContain("Tap to load photo");
      expect(photoTags(ad.body).filter((tag) => /-(gallery|gallery_large|thumbnail|card)\.webp/.test(tag))).toEqual([]);
    });

    it("without either, or turned off by the cookie whatever the header, pages offer the screen's sizes", async () => {
      const requests: Array<Record<string, string>> = [{}, { "save-data": "on", cookie: "data_saver=off" }];
      for (const headers of requests) {
        const listing = photoTags((await page(pages.listing, headers)).body);
        expect(listing.some((tag) => /-card_small\.webp 360w, [^"]+-card\.webp 480w/.test(tag))).toBe(true);
        const ad = await page(pages.ad, headers);
        expect(ad.body).not.toContain("Tap to load photo");
        expect(photoTags(ad.body).some((tag) => /-gallery_large\.webp 1080w/.test(tag))).toBe(true);
      }
    });

    it("pages and their router data vary by Save-Data and the cookie, so no cache mixes light and full", async () => {
      for (const url of [pages.listing, pages.ad, "/about-us", `${pages.listing}.data`]) {
        const vary = (await page(url)).headers.vary;
        expect(vary, url).toMatch(/Save-Data/);
        expect(vary, url).toMatch(/Cookie/);
      }
    });

    it("the switch's form keeps the choice in a cookie and goes back to its page; bad or foreign posts change nothing", async () => {
      const post = (payload: string, headers: Record<string, string> = {}) =>
        ctx.app.inject({
          method: "POST",
          url: "/data-saver",
          payload,
          headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
        });
      const turnedOn = await post(`setting=on&back=${encodeURIComponent(pages.listing)}`);
      expect(turnedOn.statusCode).toBe(303);
      expect(turnedOn.headers.location).toBe(pages.listing);
      expect(turnedOn.headers["set-cookie"]).toEqual(["data_saver=on; Path=/; Max-Age=31536000; SameSite=Lax"]);
      const offSite = await post("setting=off&back=%2F%2Fevil.example%2F");
      expect(offSite.headers.location).toBe("/");

      const refused = await post("setting=maybe&back=%2F");
      expect(refused.statusCode).toBe(422);
      expect(refused.body).toBe("Data saver must be on or off.");
      expect(refused.headers["set-cookie"]).toBeUndefined();
      const foreign = await post("setting=on&back=%2F", { "sec-fetch-site": "cross-site" });
      expect(foreign.statusCode).toBe(403);
      expect(foreign.headers["set-cookie"]).toBeUndefined();
    });
  });

  it("serves the service worker fresh on every update check, and the web app manifest every page links", async () => {
    const worker = await get("/sw.js");
    expect(worker.statusCode).toBe(200);
    expect(worker.headers["content-type"]).toMatch(/^(text|application)\/javascript/);
    expect(worker.headers["cache-control"]).toBe("no-cache");
    // Its precache list names this build's files (apps/web/scripts/build-service-worker.ts).
    expect(worker.body).toMatch(/"\/assets\/entry\.client-[\w-]+\.js"/);

    const manifest = await get("/manifest.webmanifest");
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers["content-type"]).toBe("application/manifest+json");
    expect(manifest.json()).toMatchObject({ name: "Waterside", display: "standalone", start_url: "/" });
    for (const url of [urls.home, urls.ad, "/about-us"]) {
      expect((await get(url)).body, url).toContain('<link rel="manifest" href="/manifest.webmanifest"/>');
    }
  });
});
