import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect, signInto, test } from "./signed-in";
import { waitForHydration } from "./hydrated-page";
import { skipSignupPrompt } from "./signup-prompt";

test.beforeEach(({ page }) => skipSignupPrompt(page));

/**
 * A buyer with a verified phone (every demo account but two). Every demo account is some journey's already; this one
 * is ad-page-phone's buyer, which reveals numbers too: neither journey changes what the other reads.
 */
const BUYER = { email: "fashion@demo.waterside.lr" };
/** The demo's buyer without a verified phone: this journey only reads with it (a refused reveal writes nothing). */
const UNVERIFIED_BUYER = { email: "joseph@demo.waterside.lr" };
/**
 * Sellers who ask for a chat first for a moment and then let buyers see their number again, one per screen size so
 * the two runs never undo each other. Whose numbers no other journey reveals: the two demo accounts without a verified
 * phone (journeys reveal verified sellers' ads, or the oldest ad, checked below).
 */
const CHAT_FIRST_SELLER = {
  "phone-360": { email: "joseph@demo.waterside.lr" },
  "desktop-1280": { email: "farm@demo.waterside.lr" },
} as Record<string, { email: string }>;

interface ListedAd {
  id: number;
  title: string;
  category_id: number;
  subcategory_id: number;
  user_id: number;
  user: { name: string; phone_verified: boolean };
}

interface Trust {
  phone_verified: boolean;
  response_rate: number | null;
  response_time_minutes: number | null;
  active_ads_count: number;
}

const pathOf = (ad: ListedAd) => `/categories/${ad.category_id}/${ad.subcategory_id}/${ad.id}`;

async function listAds(request: APIRequestContext, filters: Record<string, unknown>) {
  const response = await request.post("/api/ads/get", { data: { per_page: 100, ...filters } });
  return (await response.json()).data as { data: ListedAd[]; total: number };
}

/** A demo ad whose seller's phone is verified and who usually answers within an hour (the demo chats give some). */
async function quickSellerAd(request: APIRequestContext) {
  const { data: ads } = await listAds(request, { sort_combined: "created_at|asc" });
  const sellers = [...new Set(ads.map((ad) => ad.user_id))];
  for (const id of sellers) {
    const trust = (await (await request.get(`/api/users/${id}`)).json()).data.trust as Trust;
    if (trust.phone_verified && trust.response_time_minutes !== null && trust.response_time_minutes <= 60) {
      return { ad: ads.find((ad) => ad.user_id === id)!, trust };
    }
  }
  throw new Error("no demo seller with a verified phone who replies within an hour");
}

/**
 * A subcategory where the filter takes some ads away and leaves some: its id, and how many ads each way. The demo's
 * sellers are mostly verified, so most subcategories keep all or nothing; the first that does both is the test's.
 */
async function mixedSubcategory(request: APIRequestContext) {
  const { data: ads } = await listAds(request, { verified_sellers: false });
  const subcategories = new Map<number, { category: number; all: number; verified: number }>();
  for (const ad of ads) {
    const entry = subcategories.get(ad.subcategory_id) ?? { category: ad.category_id, all: 0, verified: 0 };
    entry.all += 1;
    if (ad.user.phone_verified) entry.verified += 1;
    subcategories.set(ad.subcategory_id, entry);
  }
  for (const [id, entry] of subcategories) {
    if (entry.verified === 0 || entry.verified === entry.all) continue;
    const all = (await listAds(request, { subcategory_id: id })).total;
    const verified = (await listAds(request, { subcategory_id: id, verified_sellers: true })).total;
    if (verified > 0 && verified < all) return { id, path: `/categories/${entry.category}/${id}`, all, verified };
  }
  throw new Error("no demo subcategory with both verified and unverified sellers");
}

const isDesktop = (width: number | undefined) => (width ?? 0) >= 1024;

/** Where the reveal is at hand: the seller card beside the photos on a desktop, the contact bar on a phone. */
const revealButton = (page: Page, width: number | undefined) =>
  isDesktop(width)
    ? page.getByRole("region", { name: "Seller" }).getByRole("button", { name: "Show phone number" })
    : page.getByRole("region", { name: /^Contact / }).getByRole("button", { name: "Show phone" });

const countOf = async (page: Page) =>
  Number((await page.getByRole("region", { name: "Results" }).locator("[aria-live]").textContent())!.split(" ")[0]);

test("a buyer sees on the seller card and the profile that the seller's phone is verified and that they reply within an hour", async ({
  page,
  request,
  login,
  viewport,
}) => {
  const { ad, trust } = await quickSellerAd(request);
  await login(BUYER);
  await page.goto(pathOf(ad));

  const card = page.getByRole("region", { name: "Seller" });
  await expect(card.getByText("Usually replies within an hour")).toBeVisible();
  await expect(card.getByText("Verified phone")).toBeVisible();
  if (trust.response_rate !== null) {
    await expect(card.getByText(`Replies to ${Math.round(trust.response_rate * 100)}% of chats`)).toBeVisible();
  }
  await expect(card.getByText(/Member since \w+ \d{4}$/)).toBeVisible();
  await expect(card.getByText(new RegExp(`^${trust.active_ads_count} active ads?$`))).toBeVisible();
  // Nothing is wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport!.width);

  // The seller's profile says the same, and their ad cards carry the named check.
  await card.getByRole("link", { name: ad.user.name }).click();
  await expect(page.getByRole("heading", { level: 1, name: ad.user.name })).toBeVisible();
  await expect(page.getByText("Usually replies within an hour")).toBeVisible();
  await expect(page.getByText("Verified phone", { exact: true }).first()).toBeVisible();
  const cards = page.getByRole("region", { name: "Ads" }).getByRole("article");
  await expect(cards.first().getByRole("img", { name: "Verified phone" })).toBeVisible();

  // A buyer with a verified phone reveals the number (POST /ads/{id}/phone) and may call.
  await page.goto(pathOf(ad));
  await revealButton(page, viewport?.width).click();
  await expect(card.getByRole("link", { name: "Call" })).toHaveAttribute("href", /^tel:\+231\d+$/);
});

test("a buyer without a verified phone is told why the number stays hidden and shown where to verify theirs", async ({
  page,
  request,
  login,
  viewport,
}) => {
  const { ad } = await quickSellerAd(request);
  await login(UNVERIFIED_BUYER);
  await page.goto(pathOf(ad));
  await revealButton(page, viewport?.width).click();
  const card = page.getByRole("region", { name: "Seller" });
  await expect(card.getByText("Verify your phone number to see sellers' numbers.")).toBeVisible();
  await expect(card.getByRole("link", { name: "Call" })).toHaveCount(0);
  const verify = isDesktop(viewport?.width)
    ? card.getByRole("link", { name: "Verify my phone number" })
    : page.getByRole("region", { name: /^Contact / }).getByRole("link", { name: "Verify my phone" });
  await verify.click();
  await expect(page).toHaveURL(/\/profile\?tab=details$/);
  await expect(page.getByRole("button", { name: "Personal Details" })).toHaveAttribute("aria-current", "page");
});

test("'Verified sellers only' narrows a listing, is kept in the address and is removed by its chip", async ({
  page,
  request,
  viewport,
}) => {
  const listing = await mixedSubcategory(request);
  // Other journeys post, sell and delete ads meanwhile: the page is compared with what the API counts at that moment.
  const shows = (verifiedOnly: boolean) => async () => {
    const [onPage, { total }] = await Promise.all([
      countOf(page),
      listAds(request, { subcategory_id: listing.id, verified_sellers: verifiedOnly }),
    ]);
    return onPage === total;
  };
  await page.goto(listing.path);
  await expect.poll(shows(false)).toBe(true);

  let form: Locator = page.getByRole("complementary", { name: "Filters" });
  if (!isDesktop(viewport?.width)) {
    await page.getByRole("button", { name: "Filter", exact: true }).click();
    form = page.getByRole("dialog", { name: "Filter Modal" });
  }
  await form.getByRole("checkbox", { name: "Verified sellers only" }).check();
  // A desktop's sidebar applies at once; the phone's Filter Modal has Apply.
  if (!isDesktop(viewport?.width)) await form.getByRole("button", { name: "Apply filters" }).click();

  await expect(page).toHaveURL(/[?&]verified_sellers=true/);
  await expect.poll(shows(true)).toBe(true);
  // It narrows: fewer ads than the whole subcategory has.
  expect(await countOf(page)).toBeLessThan((await listAds(request, { subcategory_id: listing.id })).total);
  const results = page.getByRole("region", { name: "Results" });
  const shown = results.getByRole("article");
  await expect(shown.first()).toBeVisible();
  // Every card left is a verified seller's.
  await expect(shown.filter({ hasNot: page.getByRole("img", { name: "Verified phone" }) })).toHaveCount(0);

  // The address alone brings it back.
  await page.reload();
  await expect.poll(shows(true)).toBe(true);

  await page.getByRole("link", { name: "Remove filter Verified sellers only" }).click();
  await expect(page).not.toHaveURL(/verified_sellers/);
  await expect.poll(shows(false)).toBe(true);
});

test("a seller who asks buyers to chat first: chosen in Settings, the buyer's card says so and offers Chat", async ({
  page,
  request,
  login,
  browser,
  viewport,
  baseURL,
  isMobile,
}, testInfo) => {
  const seller = await login(CHAT_FIRST_SELLER[testInfo.project.name]!);
  const { data: ads } = await listAds(request, { user_id: seller.id });
  const { data: oldest } = await listAds(request, { per_page: 1, sort_combined: "created_at|asc" });
  expect(oldest[0]!.user_id, "the oldest ad, whose number chat.spec reveals, is another seller's").not.toBe(seller.id);
  const ad = ads[0]!;
  const setChoice = (phone_revealable: boolean) =>
    request.put("/api/user/phone-reveal", {
      data: { phone_revealable },
      headers: { authorization: `Bearer ${seller.token}` },
    });

  try {
    await page.goto("/settings");
    const choice = page.getByRole("group", { name: "Your phone number on your ads" });
    await expect(choice.getByRole("radio", { name: /^Let buyers see my phone number/ })).toBeChecked();
    await choice.getByRole("radio", { name: /^Buyers must chat first/ }).check();
    await expect(page.getByText("Your contact preference is saved.")).toBeVisible();
    const own = await request.get("/api/user", { headers: { authorization: `Bearer ${seller.token}` } });
    expect((await own.json()).data.phone_revealable).toBe(false);

    const buyerContext = await browser.newContext({ baseURL, viewport, isMobile, hasTouch: isMobile });
    waitForHydration(buyerContext);
    await signInto(buyerContext, request, BUYER);
    const buyerPage = await buyerContext.newPage();
    await skipSignupPrompt(buyerPage);
    await buyerPage.goto(pathOf(ad));
    // The ad page says it from the start: there is no button to press only to be told.
    const card = buyerPage.getByRole("region", { name: "Seller" });
    await expect(card.getByText("This seller prefers to chat first. Send a message instead.")).toBeVisible();
    await expect(card.getByRole("button", { name: "Show phone number" })).toHaveCount(0);
    await expect(card.getByRole("link", { name: "Call" })).toHaveCount(0);
    const chat = isDesktop(viewport?.width) ? card : buyerPage.getByRole("region", { name: /^Contact / });
    await expect(chat.getByRole("button", { name: "Chat" })).toBeVisible();
    await buyerContext.close();
  } finally {
    expect((await setChoice(true)).ok()).toBe(true);
  }
});
