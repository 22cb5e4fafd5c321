import path from "node:path";
import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { AD_STATUS } from "@waterside/shared/reference-ids";
import { beforeAll, expect, it } from "vitest";
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
