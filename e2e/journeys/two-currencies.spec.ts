import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./signed-in";
import { uniquePhotos } from "./photos";
import { skipSignupPrompt } from "./signup-prompt";
import { visitorAddress } from "./visitor-address";
import { waitForHydration } from "./hydrated-page";

/**
 * Issue 30 "Two currencies" (decision 088): a seller prices a power bank in Liberian dollars, keeps it in a draft and
 * posts it; a buyer sees the L$ price with its US$ value on the card and the ad page, and finds it with a US$ price
 * range around that value (and an L$ one), never with a range that leaves it out.
 *
 * The exchange rate journey sets rates of its own meanwhile (L$ 193.75, 194.20, then the demo's again), so the US$
 * value is checked against every rate from L$ 180 to L$ 200 for one US$, and the ranges hold it at any of them.
 */

const PRICE_LRD = 3800;
/** The US$ value of L$ 3,800 at any rate between L$ 180 and L$ 200: about 19 to 21. */
const [LOWEST_USD, HIGHEST_USD] = [PRICE_LRD / 200, PRICE_LRD / 180];

test.beforeEach(({ page }) => skipSignupPrompt(page));

/** The US$ value written after the seller's price, "≈ US$ 20", as a number. */
async function shownUsd(price: Locator) {
  const text = await price.textContent();
  const match = /≈ US\$ ([\d,.]+)/.exec(text ?? "");
  expect(match, `a US$ value in "${text}"`).not.toBeNull();
  return Number(match![1]!.replace(/,/g, ""));
}

/** The filter form: the sidebar on a desktop, the 'Filter Modal' on a phone, whose Apply closes it. */
async function filterByPrice(page: Page, bounds: { currency: "US$" | "L$"; min: number; max: number }) {
  const sidebar = (page.viewportSize()?.width ?? 0) >= 1024;
  let form = page.getByRole("complementary", { name: "Filters" });
  if (!sidebar) {
    await page.getByRole("button", { name: "Filter", exact: true }).click();
    form = page.getByRole("dialog", { name: "Filter Modal" });
    await expect(form).toBeVisible();
  }
  const price = form.getByRole("group", { name: "Price", exact: true });
  await price.getByRole("combobox", { name: "Price currency" }).selectOption({ label: bounds.currency });
  await price.getByRole("spinbutton", { name: "Minimum price" }).fill(String(bounds.min));
  await price.getByRole("spinbutton", { name: "Maximum price" }).fill(String(bounds.max));
  if (sidebar) await price.getByRole("spinbutton", { name: "Maximum price" }).press("Enter");
  else await form.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(new RegExp(`price_max=${bounds.max}`));
}

test("a seller prices an ad in L$ and a buyer sees both prices and finds it with a US$ price range", async ({
  page,
  login,
  browser,
  baseURL,
  viewport,
  isMobile,
  hasTouch,
}, testInfo) => {
  test.setTimeout(120_000);
  const word = `Kolanut${testInfo.project.name.replace(/\W/g, "")}${Date.now().toString(36)}`;
  const title = `Power bank 20000mAh ${word}`;
  await login({ name: "Kebeh Sirleaf" });

  // The seller: step 1 with the price in L$, chosen from the keyboard as a radio group is.
  await page.goto("/sell");
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Category", { exact: true }).selectOption({ label: "Phones & Tablets" });
  await page.getByLabel("Subcategory").selectOption({ label: "Phone Accessories" });
  await page.getByLabel("Location").selectOption("Sinkor, Montserrado");
  const currency = page.getByRole("group", { name: "Currency" });
  await expect(currency.getByRole("radio", { name: "US$" })).toBeChecked();
  await currency.getByRole("radio", { name: "US$" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(currency.getByRole("radio", { name: "L$" })).toBeChecked();
  await page.getByLabel("Price (LRD)").fill(String(PRICE_LRD));
  await page
    .getByLabel("Description")
    .fill("Original power bank, charges two phones at once. Sinkor, near the junction.");
  await page.getByLabel("+ Add photos").setInputFiles(await uniquePhotos(page, 2));
  await expect(page.getByRole("list", { name: "Photos" }).getByRole("listitem", { name: /^Photo \d$/ })).toHaveCount(2);
  // Nothing of the price row is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport!.width);

  // The draft keeps the currency.
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("Saved To Draft!")).toBeVisible();
  await page
    .getByRole("region", { name: "Drafts" })
    .getByRole("link", { name: `Resume ${title}` })
    .click();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
  await expect(currency.getByRole("radio", { name: "L$" })).toBeChecked();
  await expect(page.getByLabel("Price (LRD)")).toHaveValue(String(PRICE_LRD));
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("form", { name: "Product Details" })).toBeVisible();
  await page.getByLabel("Accessory Type").fill("Power Bank");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("form", { name: "Boost" })).toBeVisible();
  await page.getByRole("button", { name: "Skip and post" }).click();
  await expect(page.getByText("Ad Created!")).toBeVisible();
  // My Ads: the seller's own price first.
  const mine = page.getByRole("list", { name: "Your ads" }).getByRole("listitem").filter({ hasText: title });
  await expect(mine).toContainText("L$ 3,800");
  expect(await shownUsd(mine)).toBeGreaterThanOrEqual(Math.floor(LOWEST_USD));
  // Editing shows the seller's own amount in its currency, never the US$ value.
  await mine.getByRole("link", { name: title, exact: true }).click();
  await page.getByRole("link", { name: "Edit" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit your ad" })).toBeVisible();
  await expect(currency.getByRole("radio", { name: "L$" })).toBeChecked();
  await expect(page.getByLabel("Price (LRD)")).toHaveValue(String(PRICE_LRD));

  // The buyer: a visitor of their own, on the same screen size.
  const buyerContext = await browser.newContext({ baseURL, viewport, isMobile, hasTouch });
  waitForHydration(buyerContext);
  await buyerContext.setExtraHTTPHeaders({ "x-forwarded-for": visitorAddress() });
  const buyer = await buyerContext.newPage();
  await skipSignupPrompt(buyer);
  try {
    await buyer.goto(`/search?search=${word}`);
    const results = buyer.getByRole("region", { name: "Results" });
    // The searched word, as long as a title's, wraps: the results page is no wider than the phone.
    expect(await buyer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport!.width);
    const card = results.getByRole("article").filter({ hasText: title });
    await expect(card).toContainText(/L\$ 3,800 · ≈ US\$ \d+/);
    const cardUsd = await shownUsd(card);
    expect(cardUsd).toBeGreaterThanOrEqual(Math.floor(LOWEST_USD));
    expect(cardUsd).toBeLessThanOrEqual(Math.ceil(HIGHEST_USD));

    await card.getByRole("link", { name: title }).click();
    await expect(buyer.getByRole("heading", { level: 1, name: title })).toBeVisible();
    // The first on the page: the other screen size's power bank may be among the similar ads below.
    const adPrice = buyer.getByText(/^L\$ 3,800 · ≈ US\$ \d+$/).first();
    await expect(adPrice).toBeVisible();
    expect(await shownUsd(adPrice)).toBeLessThanOrEqual(Math.ceil(HIGHEST_USD));
    await buyer.goBack();
    await expect(card).toBeVisible();

    // A US$ range around its US$ value finds it, with no currency in the address (US$ is the default) …
    const around = { min: Math.floor(LOWEST_USD) - 2, max: Math.ceil(HIGHEST_USD) + 2 };
    await filterByPrice(buyer, { currency: "US$", ...around });
    expect(buyer.url()).not.toContain("price_currency");
    await expect(results.getByRole("link", { name: title })).toBeVisible();
    await expect(buyer.getByRole("list", { name: "Active filters" })).toContainText(`Up to US$ ${around.max}`);
    // … a US$ range above it does not, though L$ 3,800 is far inside it as a number …
    await filterByPrice(buyer, { currency: "US$", min: Math.ceil(HIGHEST_USD) + 5, max: 5000 });
    await expect(results.getByRole("link", { name: title })).toHaveCount(0);
    // … and an L$ range around its own price finds it again, kept in the address.
    await filterByPrice(buyer, { currency: "L$", min: 3000, max: 4000 });
    await expect(buyer).toHaveURL(/price_currency=LRD/);
    await expect(results.getByRole("link", { name: title })).toBeVisible();
    await expect(buyer.getByRole("list", { name: "Active filters" })).toContainText("Up to L$ 4,000");
    await buyer.reload();
    await expect(results.getByRole("link", { name: title })).toBeVisible();
  } finally {
    await buyerContext.close();
  }
});
