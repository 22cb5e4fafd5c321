import type { Page } from "@playwright/test";
import { expect, test } from "./signed-in";
import { skipSignupPrompt } from "./signup-prompt";

/**
 * Issue 31 (docs/decisions/097-javascript-budget.md, option b): the info pages are sent without React's scripts,
 * with one inline script (the policy's nonce) for the mobile menu and the top bar's account links, and still work.
 */
test.beforeEach(({ page }) => skipSignupPrompt(page));

const STATIC_PAGES = {
  "/how-to-sell": "How to sell",
  "/what-is-waterside": "What is Waterside?",
  "/about-us": "About us",
  "/contact-us": "Contact us",
  "/faq": "Frequently asked questions",
  "/terms-and-conditions": "Terms and conditions",
  "/delete-account": "Delete your account and data",
};

const isPhone = (width: number | undefined) => (width ?? 0) < 1024;

/** Every script the page fetches (the framework's chunks are under /assets), and every policy violation. */
function watch(page: Page) {
  const scripts: string[] = [];
  const violations: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const framework = () => scripts.filter((path) => path.startsWith("/assets/"));
  return { scripts, violations, framework };
}

/** The menu's <dialog> open or closed, as the browser has it (not only as it looks). */
const menuOpen = (page: Page) => page.locator("dialog#site-menu").evaluate((dialog: HTMLDialogElement) => dialog.open);

test("the info pages ship no framework JavaScript, and their menu and links work", async ({ page, viewport }) => {
  const { scripts, violations, framework } = watch(page);
  for (const [path, heading] of Object.entries(STATIC_PAGES)) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    // Scripts start after `load` on other pages: give any a moment to show up.
    await page.waitForTimeout(500);
    expect(scripts, path).toEqual([]);
    // The page's one script is the inline one, with the nonce; structured data would be kept beside it.
    expect(await page.locator("script:not([type='application/ld+json'])").count(), path).toBe(1);
    expect(await page.locator("script[nonce]").count(), path).toBe(1);
    // No search box here needs a script: one added to these pages must be a plain form, or come with its own.
    await expect(page.getByRole("search")).toHaveCount(0);
    await expect(page.getByRole("banner").getByRole("link", { name: "Login" })).toBeVisible();

    if (isPhone(viewport?.width)) {
      const menu = page.getByRole("dialog", { name: "Menu" });
      const open = page.getByRole("button", { name: "Open menu" });
      await open.click();
      await expect(menu).toBeVisible();
      await expect(menu.getByRole("navigation", { name: "Mobile" }).getByRole("link")).not.toHaveCount(0);
      await expect(menu.getByRole("navigation", { name: "Policies", exact: true }).getByRole("link")).toHaveCount(5);
      await menu.getByRole("button", { name: "Close menu" }).click();
      await expect(menu).toBeHidden();
      expect(await menuOpen(page)).toBe(false);

      await open.click();
      await expect(menu).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(menu).toBeHidden();
      expect(await menuOpen(page)).toBe(false);

      // A tap beside the panel lands on the backdrop, which is the dialog itself.
      await open.click();
      await expect(menu).toBeVisible();
      await page.mouse.click(viewport!.width - 10, viewport!.height / 2);
      await expect(menu).toBeHidden();
    }
  }

  // A link in the menu (or the footer on a wide screen) loads the next page, which is a page like any other.
  if (isPhone(viewport?.width)) {
    await page.getByRole("button", { name: "Open menu" }).click();
    await page
      .getByRole("dialog", { name: "Menu" })
      .getByRole("navigation", { name: "Mobile" })
      .getByRole("link", { name: "Categories" })
      .click();
  } else {
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Categories" }).click();
  }
  await expect(page).toHaveURL(/\/categories$/);
  await expect(page.getByRole("heading", { level: 1, name: "All categories" })).toBeVisible();
  await page.waitForSelector("html[data-hydrated]", { state: "attached" });
  expect(framework().length).toBeGreaterThan(0);
  expect(violations).toEqual([]);
});

test("a normal public page still hydrates, and moves into an info page in the app", async ({ page, viewport }) => {
  const { framework, violations } = watch(page);
  await page.goto("/");
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  expect(framework().length).toBeGreaterThan(0);
  await expect(page.locator("html[data-scriptless]")).toHaveCount(0);
  await page.evaluate(() => ((window as unknown as { mark: number }).mark = 1));

  if (isPhone(viewport?.width)) {
    // The menu as React runs it: its links are rendered only while it is open.
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await menu.getByRole("navigation", { name: "Policies", exact: true }).getByRole("link", { name: "FAQ" }).click();
    await expect(menu).toBeHidden();
  } else {
    await page.getByRole("contentinfo").getByRole("link", { name: "FAQ" }).click();
  }
  await expect(page.getByRole("heading", { level: 1, name: "Frequently asked questions" })).toBeVisible();
  // Moved on the client, not reloaded: the handle applies to a document request only.
  expect(await page.evaluate(() => (window as unknown as { mark?: number }).mark)).toBe(1);
  expect(violations).toEqual([]);
});

test("a signed-in user sees their links on an info page, without its scripts", async ({ page, login }) => {
  await login({ name: "Kebeh Static" });
  const { scripts, violations } = watch(page);
  await page.goto("/faq");
  const banner = page.getByRole("banner");
  await expect(banner.getByRole("link", { name: "Your profile" })).toBeVisible();
  // The initial is drawn from an attribute by the style (decision 107: text would upset a later hydration).
  const initial = banner.getByRole("link", { name: "Your profile" }).locator("[data-initial]");
  await expect.poll(() => initial.evaluate((element) => getComputedStyle(element, "::before").content)).toBe('"K"');
  await expect(banner.getByRole("link", { name: "Sell", exact: true })).toBeVisible();
  await expect(banner.getByRole("link", { name: "Login" })).toBeHidden();
  expect(scripts).toEqual([]);

  await banner.getByRole("link", { name: "Saved Items" }).click();
  await expect(page).toHaveURL(/\/profile\/saved$/);
  await expect(page.getByRole("heading", { level: 1, name: "Saved ads" })).toBeVisible();
  expect(violations).toEqual([]);
});
