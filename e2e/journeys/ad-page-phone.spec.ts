import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { waitForHydration } from "./hydrated-page";
import { expect, signInto, test } from "./signed-in";
import { skipSignupPrompt } from "./signup-prompt";

/**
 * Issue 26, "The ad page on a phone" (decision 062): the gallery's photo is as sharp as the screen, a phone reaches the
 * seller from a bar at the bottom of the screen, a quick message names the ad, and the buttons say what they show.
 */

test.beforeEach(({ page }) => skipSignupPrompt(page));

const isPhone = (width: number | undefined) => (width ?? 0) < 768;

/**
 * Demo accounts no other journey signs in with: a business whose ad is read (its owner sees no contact bar), and one
 * who writes to it. Both are used in the phone run only.
 */
const SELLER = { email: "home@demo.waterside.lr" };
const BUYER = { email: "fashion@demo.waterside.lr" };

interface ListedAd {
  id: number;
  title: string;
  category_id: number;
  subcategory_id: number;
}

const pathOf = (ad: ListedAd) => `/categories/${ad.category_id}/${ad.subcategory_id}/${ad.id}`;

/** The oldest ad, or the oldest of one seller: ones other journeys never edit or delete. */
async function oldestAd(request: APIRequestContext, userId?: number) {
  const response = await request.post("/api/ads/get", {
    data: { per_page: 1, sort_combined: "created_at|asc", ...(userId && { user_id: userId }) },
  });
  const [ad] = (await response.json()).data.data as ListedAd[];
  expect(ad, "a seeded ad").toBeDefined();
  return ad!;
}

/** An ad whose reviews have like buttons, for the label check of those buttons. */
async function adWithReviews(request: APIRequestContext) {
  const response = await request.post("/api/ads/get", { data: { per_page: 40, sort_combined: "created_at|asc" } });
  for (const ad of (await response.json()).data.data as ListedAd[]) {
    const reviews = await (await request.get(`/api/reviews/ad/${ad.id}`)).json();
    if (reviews.data.data.length > 0) return ad;
  }
  throw new Error("no seeded ad has reviews");
}

const mainPhoto = (page: Page) =>
  page.getByRole("button", { name: /^Open photo 1 of \d+ full screen$/ }).locator("img");

/** The width in pixels of the file the main photo shows, and how many device pixels wide it is shown. */
async function mainPhotoFit(page: Page) {
  const photo = mainPhoto(page);
  await expect(photo).toHaveJSProperty("complete", true);
  return photo.evaluate(async (img: HTMLImageElement) => {
    // naturalWidth of a srcset photo is corrected by its density: the file's own width comes from loading it alone.
    const file = new Image();
    file.src = img.currentSrc;
    await file.decode();
    return {
      source: img.currentSrc,
      fileWidth: file.naturalWidth,
      shownWidth: Math.round(img.getBoundingClientRect().width * devicePixelRatio),
    };
  });
}

async function pageAt(browser: Browser, baseURL: string | undefined, width: number, deviceScaleFactor: number) {
  const phone = isPhone(width);
  const context = await browser.newContext({
    baseURL,
    viewport: { width, height: phone ? 740 : 800 },
    deviceScaleFactor,
    isMobile: phone,
    hasTouch: phone,
  });
  waitForHydration(context);
  const page = await context.newPage();
  await skipSignupPrompt(page);
  return page;
}

test("the gallery's photo is at least as sharp as the screen shows it, and lists keep their card sizes", async ({
  browser,
  request,
  viewport,
  baseURL,
}) => {
  const ad = await oldestAd(request);
  // Cheap Android phones show 360 CSS px at a pixel ratio of 2, better ones at 3; desktops mostly at 1.
  const ratios = isPhone(viewport?.width) ? [2, 3] : [1];
  for (const ratio of ratios) {
    const page = await pageAt(browser, baseURL, viewport!.width, ratio);
    await page.goto(pathOf(ad));
    const fit = await mainPhotoFit(page);
    expect(fit.source, `at a pixel ratio of ${ratio}`).toMatch(/-gallery(_large)?\.webp$/);
    expect(fit.fileWidth, `${fit.source} at a pixel ratio of ${ratio}`).toBeGreaterThanOrEqual(fit.shownWidth);

    // The similar ads below still show card photos.
    const card = page.getByRole("region", { name: "More ads" }).locator("article img").first();
    await card.scrollIntoViewIfNeeded();
    await expect(card).toHaveJSProperty("complete", true);
    expect(await card.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/-card(_small)?\.webp$/);
    await page.context().close();
  }
});

test("a photo posted before the gallery sizes existed still shows, at card size", async ({ page, request }) => {
  // As on a server whose older photos have not been given the gallery sizes yet (decision 062).
  await page.route(/-gallery(_large)?\.webp$/, (route) => route.fulfill({ status: 404 }));
  await page.goto(pathOf(await oldestAd(request)));
  const photo = mainPhoto(page);
  await expect(photo).toHaveJSProperty("complete", true);
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/-card\.webp$/);
  expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
});

test("the gallery, like and save buttons are named by what they show", async ({ page, request }) => {
  await page.goto(pathOf(await adWithReviews(request)));
  await expect(page.getByRole("button", { name: /^Like this review, \d+ likes?$/ }).first()).toBeVisible();
  const { violations } = await new AxeBuilder({ page })
    .options({ runOnly: { type: "rule", values: ["label-content-name-mismatch"] } })
    .analyze();
  expect(violations.flatMap((violation) => violation.nodes.map((node) => node.html))).toEqual([]);
});

test("on a phone the seller is a thumb away: a contact bar that follows the spec's rules and hides nothing", async ({
  page,
  browser,
  request,
  viewport,
  baseURL,
}) => {
  test.skip(!isPhone(viewport?.width), "the phone's bar; the desktop keeps the seller card beside the photos");
  const ownerContext = await browser.newContext({ baseURL, viewport, isMobile: true, hasTouch: true });
  waitForHydration(ownerContext);
  const owner = await signInto(ownerContext, request, SELLER);
  const ad = await oldestAd(request, owner.id);

  // A visitor sees the bar on the first screen, at its bottom; Chat and the phone ask them to log in (spec §2, §6).
  await page.goto(pathOf(ad));
  const bar = page.getByRole("region", { name: `Contact ${owner.name}` });
  await expect(bar).toBeInViewport();
  const barBox = (await bar.boundingBox())!;
  expect(Math.round(barBox.y + barBox.height)).toBe(viewport!.height);
  await bar.getByRole("button", { name: "Chat" }).click();
  const prompt = page.getByRole("dialog", { name: "Please log in" });
  await expect(prompt).toContainText(`chat with ${owner.name}`);
  await prompt.getByRole("button", { name: "Not now" }).click();
  await bar.getByRole("button", { name: "Show phone" }).click();
  await expect(prompt).toContainText("phone number");
  await prompt.getByRole("button", { name: "Not now" }).click();

  // At the end of the page the bar comes to rest below the last of it: the similar ads and the footer stay uncovered.
  await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const lastSection = (await page.getByRole("region", { name: "More ads" }).boundingBox())!;
  const resting = (await bar.boundingBox())!;
  const footer = (await page.getByRole("contentinfo").boundingBox())!;
  expect(lastSection.y + lastSection.height).toBeLessThanOrEqual(resting.y);
  expect(resting.y + resting.height).toBeLessThanOrEqual(footer.y);

  // The seller on their own ad gets no bar.
  const ownerPage = await ownerContext.newPage();
  await skipSignupPrompt(ownerPage);
  await ownerPage.goto(pathOf(ad));
  await expect(ownerPage.getByRole("link", { name: "Edit" })).toBeVisible();
  await expect(ownerPage.getByRole("region", { name: /^Contact / })).toHaveCount(0);
  await ownerContext.close();

  // A signed-in buyer reveals the number from the bar: Call and WhatsApp dial it, and the seller card shows it too.
  const buyerContext = await browser.newContext({ baseURL, viewport, isMobile: true, hasTouch: true });
  waitForHydration(buyerContext);
  const buyer = await signInto(buyerContext, request, BUYER);
  const buyerPage = await buyerContext.newPage();
  await skipSignupPrompt(buyerPage);
  await buyerPage.goto(pathOf(ad));
  const buyerBar = buyerPage.getByRole("region", { name: `Contact ${owner.name}` });
  await buyerBar.getByRole("button", { name: "Show phone" }).click();
  await expect(buyerBar.getByRole("link", { name: "Call" })).toHaveAttribute("href", /^tel:\+231\d+$/);
  await expect(buyerBar.getByRole("link", { name: "WhatsApp" })).toHaveAttribute("href", /^https:\/\/wa\.me\/231\d+$/);
  const card = buyerPage.getByRole("region", { name: "Seller" });
  await expect(card.getByRole("link", { name: "Call" })).toHaveAttribute(
    "href",
    (await buyerBar.getByRole("link", { name: "Call" }).getAttribute("href"))!,
  );

  // "Last Price" reaches the seller with the ad's title, so they know which of their ads it is about.
  await card.getByRole("group", { name: "Quick messages" }).getByRole("button", { name: "Last Price" }).click();
  await expect(buyerPage).toHaveURL(/\/chat\/\d+$/);
  const chatId = new URL(buyerPage.url()).pathname.split("/").at(-1)!;
  await expect(buyerPage.getByRole("log", { name: "Messages" })).toContainText(`Last Price: ${ad.title}`);
  const stored = await request.get(`/api/chats/${chatId}`, { headers: { authorization: `Bearer ${buyer.token}` } });
  const texts = ((await stored.json()).data.messages as { text: string }[]).map((message) => message.text);
  expect(texts).toContain(`Last Price: ${ad.title}`);
  await buyerContext.close();
});

test("on a desktop the seller card stays beside the photos, with no contact bar", async ({
  page,
  request,
  viewport,
}) => {
  test.skip(isPhone(viewport?.width), "the desktop's layout");
  const ad = await oldestAd(request);
  await page.goto(pathOf(ad));
  const seller = page.getByRole("region", { name: "Seller" });
  await expect(seller.getByRole("button", { name: "Chat" })).toBeInViewport();
  const photo = (await mainPhoto(page).boundingBox())!;
  expect((await seller.boundingBox())!.x).toBeGreaterThan(photo.x + photo.width);
  await expect(page.getByRole("region", { name: /^Contact / })).toHaveCount(0);
});
