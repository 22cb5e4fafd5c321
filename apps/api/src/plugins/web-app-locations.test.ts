import { afterAll, beforeAll, expect, it } from "vitest";
import { describeNeeding } from "../test/needs.ts";
import { webAppMissing } from "../test/server-process.ts";
import type { TestApp } from "../test/test-app.ts";
import { pageWithRouterData, webSiteWith } from "../test/web-site.ts";

/** Text as React writes it in an attribute or an element ("B'hai" is `B&#x27;hai`). */
const escaped = (text: string) =>
  text
    .replace(/&/g, "&amp;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#x27;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;");

/** The page at `url` as server.ts serves it: its HTML, and the router data the browser's app hydrates it with. */
async function pageAt(site: TestApp, url: string) {
  const { page, routerData } = await pageWithRouterData(site, url);
  expect(page.statusCode).toBe(200);
  return { html: page.body, routerData: routerData.join("") };
}

describeNeeding([webAppMissing()], "the location picker's counties and areas", { timeout: 60_000 }, () => {
  let site: TestApp;
  beforeAll(async () => {
    site = await webSiteWith();
  });
  afterAll(() => site?.close());

  it("are in every search box's picker and not in the pages' router data, which the app reads them without", async () => {
    const counties = (await site.app.inject({ method: "GET", url: "/api/locations" })).json<{
      data: Array<{ name: string; areas: Array<{ name: string }> }>;
    }>().data;
    expect(counties).toHaveLength(15);
    for (const url of ["/", "/categories", "/categories/1/1", "/search?search=car"]) {
      const { html, routerData } = await pageAt(site, url);
      for (const county of counties) {
        const name = escaped(county.name);
        expect(html, url).toContain(`<option value="${name}">All of <!-- -->${name}</option>`);
        for (const area of county.areas) expect(html, url).toContain(`value="${escaped(area.name)}, ${name}"`);
      }
      expect(routerData, url).toContain("loaderData");
      expect(routerData, url).not.toContain("Sinkor");
      expect(routerData, url).not.toContain("Greenville");
    }
  });
});
