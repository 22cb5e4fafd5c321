import { expect, test } from "./hydrated-page";
import { skipSignupPrompt } from "./signup-prompt";

test.beforeEach(({ page }) => skipSignupPrompt(page));

const isPhone = (width: number | undefined) => (width ?? 0) < 768;

test("a newcomer opens home, browses categories, reads a static page and hits an unknown path", async ({
  page,
  viewport,
}) => {
  await page.goto("/");
  await expect(page).toHaveTitle("Waterside");
  await expect(page.getByRole("search")).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Location" })).toContainText("Sinkor");
  const categories = page.getByRole("region", { name: "Categories" });
  await expect(categories.getByRole("link", { name: "Vehicles" })).toBeVisible();

  // Home → Categories, from the top bar or the slide-out menu.
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
  await expect(page.getByRole("heading", { level: 1, name: "All categories" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Vehicles" })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Cars \(\d+\)$/ })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText("Categories");

  // A category shows its subcategories with counts.
  await page.getByRole("link", { name: "Vehicles" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Vehicles" })).toBeVisible();
  await expect(page.getByRole("link", { name: /Cars \d+ ads/ })).toBeVisible();

  // A static page, from the menu's policy links on a phone or the footer on a desktop.
  if (isPhone(viewport?.width)) {
    await page.getByRole("button", { name: "Open menu" }).click();
    await page
      .getByRole("dialog", { name: "Menu" })
      .getByRole("navigation", { name: "Policies", exact: true })
      .getByRole("link", { name: "Terms and conditions" })
      .click();
  } else {
    await page.getByRole("contentinfo").getByRole("link", { name: "Terms and conditions" }).click();
  }
  await expect(page).toHaveURL(/\/terms-and-conditions$/);
  await expect(page.getByRole("heading", { level: 1, name: "Terms and conditions" })).toBeVisible();
  await expect(page.getByText(/18 years/).first()).toBeVisible();
  await expect(page.getByRole("contentinfo")).toContainText("All rights reserved");

  // An unknown path: the 404 page with a way home, and a real 404 status.
  const response = await page.goto("/nope");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  await page.getByRole("link", { name: "Go back home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("every static page renders on the server with its title and canonical link", async ({ request }) => {
  const pages = {
    "/how-to-sell": "How to sell",
    "/what-is-waterside": "What is Waterside?",
    "/about-us": "About us",
    "/contact-us": "Contact us",
    "/faq": "Frequently asked questions",
    "/terms-and-conditions": "Terms and conditions",
    "/delete-account": "Delete your account and data",
  };
  for (const [path, heading] of Object.entries(pages)) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    expect(html, path).toContain(`<h1`);
    expect(html, path).toContain(heading.replace("?", ""));
    expect(html, path).toMatch(new RegExp(`<link rel="canonical" href="[^"]*${path}"`));
  }
});

test("the keyboard reaches the main navigation and the skip link", async ({ page, viewport }) => {
  test.skip(isPhone(viewport?.width), "phones have no physical keyboard");
  await page.goto("/about-us");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Waterside home" })).toBeFocused();
});
