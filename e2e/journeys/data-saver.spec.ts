import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect, test } from "./hydrated-page";
import { skipSignupPrompt } from "./signup-prompt";

/**
 * Issue 31 "Data saver" (decision 105): with `Save-Data: on`, or the setting turned on here, cards show the small card
 * photo and an ad's photos wait for a tap; turned off, the photos are the sizes the screen needs.
 */

// At a pixel ratio of 3 every list's cards need the 480 px card and the ad's photo a gallery size (decisions 006,
// 062): a light page is told from a normal one by the files it loads.
test.use({ deviceScaleFactor: 3 });

test.beforeEach(({ page }) => skipSignupPrompt(page));

const isPhone = (width: number | undefined) => (width ?? 0) < 768;

interface Ad {
  id: number;
  category_id: number;
  subcategory_id: number;
  images: Array<{ card_url: string }>;
}

/** The oldest ad with two photos or more (other journeys leave it as it is), and its subcategory's listing. */
async function anAdWithPhotos(request: APIRequestContext) {
  const response = await request.post("/api/ads/get", { data: { per_page: 20, sort_combined: "created_at|asc" } });
  for (const listed of (await response.json()).data.data as Array<{ id: number }>) {
    // Lists carry the first photo only: the ad's own reply has them all.
    const ad = (await (await request.get(`/api/ads/id/${listed.id}`)).json()).data as Ad;
    if (ad.images.length < 2) continue;
    const listing = `/categories/${ad.category_id}/${ad.subcategory_id}`;
    // Every stored size of a photo starts with its key: `<key>-card.webp`, `<key>-gallery.webp` …
    const photoKeys = ad.images.map((image) => image.card_url.replace(/-card\.webp$/, ""));
    return { listing, path: `${listing}/${ad.id}`, photoKeys };
  }
  throw new Error("no seeded ad has two photos");
}

/** The photos (GET, not the size's HEAD) a page asks for from now on. */
function photoRequests(page: Page) {
  const urls: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "GET" && request.resourceType() === "image") urls.push(new URL(request.url()).pathname);
  });
  return { of: (keys: string[]) => urls.filter((url) => keys.some((key) => url.startsWith(key))) };
}

const cardPhotos = (page: Page) => page.getByRole("article").locator("img");

/** Every card's `src` and `srcset` as the page has them (lazy ones included, loaded or not). */
const cardSources = (page: Page) =>
  cardPhotos(page).evaluateAll((photos: HTMLImageElement[]) =>
    photos.map((photo) => ({ src: photo.getAttribute("src"), srcset: photo.getAttribute("srcset") })),
  );

/** A light listing: every card offers the small card photo alone, and the first shows it. */
async function expectLightListing(page: Page) {
  const sources = await cardSources(page);
  expect(sources.length).toBeGreaterThan(0);
  for (const source of sources)
    expect(source).toEqual({ src: expect.stringMatching(/-card_small\.webp$/), srcset: null });
  await expect(cardPhotos(page).first()).toHaveJSProperty("complete", true);
  expect(
    await cardPhotos(page)
      .first()
      .evaluate((img: HTMLImageElement) => img.currentSrc),
  ).toMatch(/-card_small\.webp$/);
}

const placeholder = (page: Page) => page.getByRole("button", { name: /^Tap to load photo 1 of \d+/ });
const mainPhoto = (page: Page) =>
  page.getByRole("button", { name: /^Open photo 1 of \d+ full screen$/ }).locator("img");

/** A light ad page: no photo of the ad asked for until the placeholder is tapped, then the small card. */
async function expectPhotosOnTap(page: Page, photoKeys: string[], path: string) {
  const photos = photoRequests(page);
  await page.goto(path);
  // Alive (hydrated) and its size asked for: by now an `<img>` in the page would have been requested.
  await expect(placeholder(page)).toHaveAccessibleName(/^Tap to load photo 1 of \d+ \(\d+ KB\)$/);
  await expect(page.getByRole("list", { name: "Photos" }).locator("img")).toHaveCount(0);
  expect(photos.of(photoKeys)).toEqual([]);

  await placeholder(page).click();
  await expect(mainPhoto(page)).toHaveJSProperty("complete", true);
  expect(await mainPhoto(page).evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/-card_small\.webp$/);
  expect(await mainPhoto(page).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByRole("button", { name: /^Open photo 1 of \d+ full screen$/ })).toBeFocused();
  // Only that file (Chromium may take it from its memory cache without a request, after a light listing).
  for (const url of photos.of(photoKeys)) expect(url).toBe(`${photoKeys[0]}-card_small.webp`);
}

/** The data saver switch: in the phone's menu, in the footer on a desktop. */
async function dataSaverSwitch(page: Page): Promise<Locator> {
  if (isPhone(page.viewportSize()?.width)) {
    await page.getByRole("button", { name: "Open menu" }).click();
    return page.getByRole("dialog", { name: "Menu" }).getByRole("switch", { name: "Data saver" });
  }
  return page.getByRole("contentinfo").getByRole("switch", { name: "Data saver" });
}

test("with Save-Data: on, a listing's cards are the small size, an ad's photos load on a tap, the slider stands still", async ({
  page,
  request,
}) => {
  const { listing, path, photoKeys } = await anAdWithPhotos(request);
  await page.setExtraHTTPHeaders({ "Save-Data": "on" });

  const response = await page.goto(listing);
  // A cache between the server and the phone keeps the light page and the normal one apart.
  expect(response!.headers().vary).toMatch(/Save-Data/);
  await expectLightListing(page);
  await expectPhotosOnTap(page, photoKeys, path);

  // The home slider never moves by itself: the page's clock is the journey's, and stands still unless moved.
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1_000);
  await page.goto("/");
  const current = page
    .getByRole("region", { name: "Highlights" })
    .getByRole("button", { name: /^Slide \d of \d$/ })
    .and(page.locator("[aria-current=true]"));
  await expect(current).toHaveAccessibleName("Slide 1 of 3");
  // One slide's time (3 s) and a little more: a playing slider would be on slide 2 (three slides' time would bring it
  // back to 1). React renders a timer's change in a task of its own, after the ones already queued: wait for those.
  await page.clock.runFor(4_000);
  await page.evaluate(async () => {
    for (let round = 0; round < 3; round++) {
      await new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      });
    }
  });
  await expect(current).toHaveAccessibleName("Slide 1 of 3");
});

test("the setting does the same without the header, on a page without scripts too; off, photos are the screen's sizes", async ({
  page,
  request,
}) => {
  const { listing, path, photoKeys } = await anAdWithPhotos(request);

  // An info page has no script: the footer's switch is a form the server answers, and the page comes back light.
  await page.goto("/about-us");
  const footerSwitch = page.getByRole("contentinfo").getByRole("switch", { name: "Data saver" });
  await expect(footerSwitch).toHaveAttribute("aria-checked", "false");
  await footerSwitch.click();
  await expect(page).toHaveURL(/\/about-us$/);
  await expect(footerSwitch).toHaveAttribute("aria-checked", "true");

  await page.goto(listing);
  await expectLightListing(page);
  await expectPhotosOnTap(page, photoKeys, path);

  // Turned off on a living page: it stays, and the next pages are the normal ones.
  const toggle = await dataSaverSwitch(page);
  await expect(toggle).toHaveAttribute("aria-checked", "true");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  expect(new URL(page.url()).pathname).toBe(path);

  await page.goto(listing);
  const firstCard = cardPhotos(page).first();
  await expect(firstCard).toHaveJSProperty("complete", true);
  expect(await firstCard.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/-card\.webp$/);
  await page.goto(path);
  await expect(placeholder(page)).toHaveCount(0);
  await expect(mainPhoto(page)).toHaveJSProperty("complete", true);
  expect(await mainPhoto(page).evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/-gallery(_large)?\.webp$/);

  // Turned on again on a living page: the photo already shown stays as it is, the similar ads' cards turn small.
  await (await dataSaverSwitch(page)).click();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("region", { name: "More ads" }).locator("article img").first()).toHaveAttribute(
    "src",
    /-card_small\.webp$/,
  );
  await expect(placeholder(page)).toHaveCount(0);
  expect(await mainPhoto(page).evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/-gallery(_large)?\.webp$/);
  await page.goto(listing);
  await expectLightListing(page);
});
