import type { APIRequestContext } from "@playwright/test";
import { DEMO_ACCOUNTS, expect, test } from "./signed-in";
import { skipSignupPrompt } from "./signup-prompt";

test.beforeEach(({ page }) => skipSignupPrompt(page));

const isPhone = (width: number | undefined) => (width ?? 0) < 768;

interface ListedAd {
  id: number;
  title: string;
  user_id: number;
  user: { name: string };
}

/** A seeded demo seller (oldest ads first), never a user another journey is changing meanwhile. */
async function demoSeller(request: APIRequestContext) {
  const [ad] = (
    await (await request.post("/api/ads/get", { data: { per_page: 1, sort_combined: "created_at|asc" } })).json()
  ).data.data as ListedAd[];
  return { id: ad!.user_id, name: ad!.user.name, adTitle: ad!.title };
}

test("a shared seller profile previews without JavaScript, and an unknown one is not found", async ({ request }) => {
  const seller = await demoSeller(request);
  const response = await request.get(`/profile/${seller.id}`);
  expect(response.status()).toBe(200);
  const html = await response.text();
  const escape = (text: string) => text.replace(/&/g, "&amp;");
  expect(html).toContain(`<title>${escape(seller.name)} | Waterside</title>`);
  expect(html).toMatch(new RegExp(`<link rel="canonical" href="http[^"]+/profile/${seller.id}"`));
  expect(html).toContain('<meta property="og:type" content="profile"');
  expect(html).toMatch(/<meta name="description" content="[^"]+ on Waterside since [^"]+ · [^"]+"/);
  expect(html).toContain(escape(seller.adTitle));
  // The server reads profiles as a visitor: no contact details in the shared HTML.
  expect(html).toContain("to see");
  expect(html).not.toContain("mailto:");

  const missing = await request.get("/profile/987654321");
  expect(missing.status()).toBe(404);
  expect(await missing.text()).toContain("Page Not Found");
});

test("a visitor is asked to log in for the email; a signed-in buyer sees it, and learns the phone is on the ads", async ({
  page,
  request,
  login,
  viewport,
}) => {
  const seller = await demoSeller(request);
  await page.goto(`/profile/${seller.id}`);
  await expect(page.getByRole("heading", { level: 1, name: seller.name })).toBeVisible();
  await expect(page.getByRole("region", { name: "Ads" }).getByRole("link", { name: seller.adTitle })).toBeVisible();
  const contact = page.getByRole("region", { name: "Contact" });
  await expect(contact).toContainText(`to see ${seller.name}'s email`);
  // Nothing is wider than a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport!.width);

  // The login link is reached with the keyboard and brings the visitor back after signing in.
  const logInLink = contact.getByRole("link", { name: "Log in" });
  if (isPhone(viewport?.width)) await logInLink.click();
  else {
    await logInLink.focus();
    await page.keyboard.press("Enter");
  }
  await expect(page.getByRole("form", { name: "Login" })).toBeVisible();

  await login(DEMO_ACCOUNTS.emmanuel);
  await page.goto(`/profile/${seller.id}`);
  await expect(contact.getByRole("link", { name: /@demo\.waterside\.lr$/ })).toHaveAttribute("href", /^mailto:/);
  // Another user's number is revealed on their ads only, counted and capped there (decision 072).
  await expect(contact.getByRole("link", { name: /^\+?231\d+$/ })).toHaveCount(0);
  await expect(contact).toContainText(`To call ${seller.name}, open one of their ads and choose Show phone number.`);
});

test("a new user's profile says it has no ads yet", async ({ page, login }) => {
  const user = await login();
  await page.goto(`/profile/${user.id}`);
  await expect(page.getByRole("heading", { level: 1, name: user.name })).toBeVisible();
  await expect(page.getByRole("region", { name: "Ads" })).toContainText("No ads available");
  // Signed in, a user sees their own contact details too.
  await expect(page.getByRole("region", { name: "Contact" }).getByRole("link", { name: user.email })).toBeVisible();
});
