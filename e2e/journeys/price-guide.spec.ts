import { PRICE_GUIDE_MESSAGES } from "@waterside/shared/price-guide";
import { expect, test } from "./signed-in";
import { skipSignupPrompt } from "./signup-prompt";

/**
 * The price guide in the sell wizard (issue 28, decision 077): a seller picks Cars, sees the typical price of the
 * demo cars beside the price, types a bait price and is warned, without being stopped. Nothing is posted.
 * Home & Garden's seller only signs in here: no other journey changes its data, and this one changes nothing.
 */
const SELLER = { email: "home@demo.waterside.lr" };

test.beforeEach(({ page }) => skipSignupPrompt(page));

test("a seller sees the typical price and is warned about a price far below it", async ({ page, login }) => {
  await login(SELLER);
  await page.goto("/sell");
  await expect(page.getByRole("heading", { level: 1, name: "Post an ad" })).toBeVisible();

  const price = page.getByLabel("Price (USD)");
  // No subcategory yet: no guide.
  await expect(page.getByText(/^Typical price:/)).toBeHidden();
  await page.getByLabel("Category", { exact: true }).selectOption({ label: "Vehicles" });
  await page.getByLabel("Subcategory").selectOption({ label: "Cars" });
  const typical = page.getByText(/^Typical price: \$[\d,]+ – \$[\d,]+$/);
  await expect(typical).toBeVisible();

  // A fair price says nothing more; a bait price is warned about, and the wizard still goes on.
  await price.fill("9000");
  const warning = page.getByRole("status").filter({ hasText: PRICE_GUIDE_MESSAGES.farBelow });
  await expect(warning).toBeHidden();
  await price.fill("150");
  await expect(warning).toBeVisible();
  await expect(price).not.toHaveAttribute("aria-invalid", "true");
  await price.fill("9000");
  await expect(warning).toBeHidden();
  await price.fill("150");
  await expect(warning).toBeVisible();

  // Nothing is wider than the screen with the guide and the warning shown.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
});
