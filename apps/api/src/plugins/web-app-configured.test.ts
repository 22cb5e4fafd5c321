import { afterAll, beforeAll, expect, it } from "vitest";
import { BRAND } from "@waterside/shared/brand";
import { describeNeeding } from "../test/needs.ts";
import { webAppMissing } from "../test/server-process.ts";
import type { TestApp } from "../test/test-app.ts";
import { pageWithRouterData, webSiteWith } from "../test/web-site.ts";

const PLAY = "https://play.google.com/store/apps/details?id=lr.waterside";
const FACEBOOK = "https://www.facebook.com/waterside.lr";

/**
 * A value of the root loader's data as a page carries it for the browser's router: the first chunk of its turbo-stream
 * is a flat array in which an object maps `_<index of the key>` to the index of the value.
 */
async function rootValue(site: TestApp, url: string, key: string) {
  const { routerData } = await pageWithRouterData(site, url);
  const flat = JSON.parse(routerData[0]!.split("\n")[0]!) as unknown[];
  const keyIndex = flat.indexOf(key);
  const owner = flat.find((item) => typeof item === "object" && item !== null && `_${keyIndex}` in item) as
    Record<string, number> | undefined;
  return owner ? flat[owner[`_${keyIndex}`]!] : undefined;
}

/** The part of a page between its opening `<tag` and `</tag>`. */
async function part(site: TestApp, url: string, tag: string) {
  const page = await site.app.inject({ method: "GET", url });
  expect(page.statusCode).toBe(200);
  const html = page.body;
  return { html, part: html.slice(html.indexOf(`<${tag}`), html.indexOf(`</${tag}>`)) };
}

describeNeeding(
  [webAppMissing()],
  "links, sign-ins and safe deals the pages offer, as configured",
  { timeout: 60_000 },
  () => {
    const sites = {} as { configured: TestApp; bare: TestApp };
    beforeAll(async () => {
      [sites.configured, sites.bare] = await Promise.all([
        webSiteWith({
          GOOGLE_PLAY_URL: PLAY,
          FACEBOOK_PAGE_URL: FACEBOOK,
          GOOGLE_CLIENT_ID: "web.apps.googleusercontent.com",
          SAFE_DEALS: "off",
        }),
        webSiteWith({}),
      ]);
    });
    afterAll(() => Promise.all(Object.values(sites).map((site) => site?.close())));

    it("the footer links the store listing and social page the operator set, and no other", async () => {
      const { part: footer } = await part(sites.configured, "/", "footer");
      expect(footer).toContain(`Get the ${BRAND} app`);
      expect(footer).toContain(`href="${PLAY}"`);
      expect(footer).toContain(">Google Play</a>");
      expect(footer).toContain("Follow us");
      expect(footer).toContain(`href="${FACEBOOK}"`);
      expect(footer).toContain(">Facebook</a>");
      for (const unset of ["App Store", "Instagram", "TikTok", "YouTube", ">X</a>"])
        expect(footer).not.toContain(unset);
    });

    it("Contact us lists the configured social page, and its description names only that one", async () => {
      const { html, part: main } = await part(sites.configured, "/contact-us", "main");
      expect(main).toContain("Follow us");
      expect(main).toContain(`href="${FACEBOOK}"`);
      expect(main).not.toContain("instagram.com");
      expect(html).toContain("or follow us on Facebook.");
    });

    it("with none set, neither the footer nor Contact us shows an app or social link", async () => {
      const { part: footer } = await part(sites.bare, "/", "footer");
      expect(footer).not.toContain("Get the");
      expect(footer).not.toContain("Follow us");
      expect(footer).not.toContain('href="https:');
      const { html, part: main } = await part(sites.bare, "/contact-us", "main");
      expect(main).not.toContain("Follow us");
      expect(main).not.toContain('href="https:');
      expect(html).not.toContain("follow us on");
    });

    it("How to sell mentions the social sign-ins the sign-in page offers, and none when there are none", async () => {
      const { part: offered } = await part(sites.configured, "/how-to-sell", "main");
      expect(offered).toContain("or continue with Google");
      for (const provider of ["Facebook", "Apple"]) expect(offered).not.toContain(provider);
      const { part: none } = await part(sites.bare, "/how-to-sell", "main");
      expect(none).toContain("with your email address and a password");
      for (const provider of ["continue with", "Google", "Facebook", "Apple"]) expect(none).not.toContain(provider);
    });

    it("offers safe deals only where the operator has them on: the pages tell the browser's buttons whether to show", async () => {
      // SAFE_DEALS=off here; unset outside production it is on (decision 103).
      expect(await rootValue(sites.configured, "/categories", "safeDeals")).toBe(false);
      expect(await rootValue(sites.bare, "/categories", "safeDeals")).toBe(true);
    });
  },
);
