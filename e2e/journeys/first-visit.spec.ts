import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./hydrated-page";
import { skipSignupPrompt } from "./signup-prompt";

/**
 * Issue 31's budget, decision 107: a browser that has never run the app reads a public page without any of its code.
 * The page works as sent (links, the menu, Login, the analytics log), and the app loads with the reader's first tap
 * on a control or focus in a field, which it then answers.
 */
test.use({ firstVisit: true });

/**
 * The first tap or focus fetches and runs the app's code before it is answered: on two busy cores, with both
 * projects' browsers and the server, that took more than the default 5 s.
 */
const APP_CODE_LOADS = { timeout: 20_000 };

interface Ad {
  id: number;
  title: string;
  path: string;
}

/** The newest demo ad. */
async function newestAd(request: APIRequestContext): Promise<Ad> {
  const list = await request.post("/api/ads/get", { data: { per_page: 1, sort_combined: "created_at|desc" } });
  const { id } = (await list.json()).data.data[0] as { id: number };
  const ad = (await (await request.get(`/api/ads/id/${id}`)).json()).data;
  return { id, title: ad.title, path: `/categories/${ad.category_id}/${ad.subcategory_id}/${ad.id}` };
}

/** Every script the page fetches from now on. */
function scriptsFetched(page: Page) {
  const urls: string[] = [];
  page.on("request", (request) => request.resourceType() === "script" && urls.push(request.url()));
  return urls;
}

/** What the analytics log sends when the page is hidden (spec §9), as the reader switching apps would. */
async function logSentOnHide(page: Page, type: "views" | "clicks") {
  const sent = page.waitForRequest(
    (request) => request.method() === "POST" && request.url().endsWith(`/api/analytics/ad/${type}`),
  );
  await page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
  });
  return (await sent).postDataJSON() as { ids: number[]; visitor_id?: string };
}

test.beforeEach(async ({ page }) => skipSignupPrompt(page));

test("a first-time visitor reads an ad without its code, and their first Save loads the app and asks them to log in", async ({
  page,
  request,
  isMobile,
}) => {
  const ad = await newestAd(request);
  const scripts = scriptsFetched(page);
  await page.goto(ad.path);
  await expect(page.locator("html")).toHaveAttribute("data-app-waits", "");
  await expect(page.getByRole("heading", { level: 1, name: ad.title })).toBeVisible();
  await expect(page.getByRole("link", { name: "Login" })).toBeVisible();

  // The ad opened counts as its click, sent as this visitor's.
  const clicks = await logSentOnHide(page, "clicks");
  expect(clicks.ids).toEqual([ad.id]);
  expect(clicks.visitor_id).toMatch(/^[0-9a-f-]{36}$/);

  if (isMobile) {
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu.getByRole("link", { name: "FAQ" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
  }
  expect(scripts).toEqual([]);

  const save = page.getByRole("main").getByRole("button", { name: "Save ad" }).first();
  await save.click();
  await expect(page.getByRole("dialog", { name: "Please log in" })).toContainText("save ads", APP_CODE_LOADS);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
  expect(scripts.some((url) => url.includes("/assets/"))).toBe(true);
});

test("a first-time visitor's cards seen on a listing are logged, and the search box loads the app as it is focused", async ({
  page,
}) => {
  const scripts = scriptsFetched(page);
  await page.goto("/search?search=a");
  const cards = page.getByRole("main").getByRole("article");
  await expect(cards.first()).toBeVisible();
  const views = await logSentOnHide(page, "views");
  expect(views.ids.length).toBeGreaterThan(0);
  expect(scripts).toEqual([]);

  const words = page.getByRole("combobox", { name: "What are you looking for?" });
  await words.fill("");
  await words.pressSequentially("gen");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "", APP_CODE_LOADS);
  await expect(words).toHaveValue("gen");
  await words.pressSequentially("erator");
  await expect(page.getByRole("listbox").getByRole("option").first()).toContainText(/generator/i);
});
