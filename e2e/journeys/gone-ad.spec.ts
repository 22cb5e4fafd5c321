import type { APIRequestContext, Page } from "@playwright/test";
import { uniquePhotos } from "./photos";
import { DEMO_ACCOUNTS, expect, signInto, test } from "./signed-in";

/** The site's frame around a page: its top bar with the search, and its footer. */
async function expectSiteFrame(page: Page) {
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
}

/** The page fits the phone: nothing pushes it wider than the screen. */
async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: innerWidth }));
  expect(widths.page).toBeLessThanOrEqual(widths.screen);
}

/** The Cars subcategory and its category, from the catalogue the API serves. */
async function findCars(request: APIRequestContext) {
  const categories = (await (await request.get("/api/categories/active")).json()).data as Array<{
    id: number;
    subcategories: Array<{ id: number; name: string }>;
  }>;
  const category = categories.find((candidate) => candidate.subcategories.some((sub) => sub.name === "Cars"))!;
  return { category, cars: category.subcategories.find((sub) => sub.name === "Cars")! };
}

test("a shared link of a deleted ad lands on a page that says so, with similar ads and a search", async ({
  page,
  browser,
  request,
}) => {
  // A seller (in a browser of their own) posts an ad in Cars and, once it has been shared, deletes it.
  const sellerContext = await browser.newContext();
  const seller = await signInto(sellerContext, request, DEMO_ACCOUNTS.realty);
  await sellerContext.close();
  const { category, cars } = await findCars(request);
  await page.goto("/");
  const pictures = await uniquePhotos(page, 2);
  const form = new FormData();
  const fields = {
    title: `Nissan Sunny 2011 shared link ${Date.now()}`,
    category_id: String(category.id),
    subcategory_id: String(cars.id),
    location: "Sinkor, Montserrado",
    price: "4200",
    description: "Clean car, AC cold, papers complete.",
    "attributes[Brand]": "Nissan",
    "attributes[Year]": "2011",
    "attributes[Condition]": "Foreign Used",
    "attributes[Transmission]": "Automatic",
  };
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const picture of pictures) form.append("images[]", new Blob([picture.buffer]), picture.name);
  const headers = { authorization: `Bearer ${seller.token}` };
  const posted = await request.post("/api/ads/create", { headers, multipart: form });
  expect(posted.status(), await posted.text()).toBe(201);
  const ad = (await posted.json()).data as { id: number };
  const link = `/categories/${category.id}/${cars.id}/${ad.id}`;

  // While it is live, the ad page names one Open Graph type for link previews: a product.
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: fields.title })).toBeVisible();
  await expect(page.locator('meta[property="og:type"]')).toHaveCount(1);
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "product");

  const deleted = await request.delete(`/api/ads/${ad.id}`, { headers });
  expect(deleted.status(), await deleted.text()).toBe(200);

  // The old link: 410 Gone, the site's frame, what happened, the ad's category, a search and similar cars.
  const gone = await page.goto(link);
  expect(gone?.status()).toBe(410);
  await expect(page.getByRole("heading", { level: 1, name: "This ad is no longer available" })).toBeVisible();
  await expectSiteFrame(page);
  await expect(page.getByRole("main").getByText(/› Cars$/)).toBeVisible();
  await expect(page.getByRole("main").getByRole("combobox", { name: "What are you looking for?" })).toBeVisible();
  const similar = page.getByRole("region", { name: "Similar ads in Cars" });
  await expect(similar.getByRole("listitem").first()).toBeVisible();
  await expect(similar.getByRole("link", { name: fields.title })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "See all in Cars" })).toHaveAttribute(
    "href",
    `/categories/${category.id}/${cars.id}`,
  );
  await expectNoSidewaysScroll(page);

  // A similar ad opens from there.
  await similar.getByRole("link").first().click();
  await expect(page).toHaveURL(new RegExp(`/categories/${category.id}/${cars.id}/\\d+$`));
  await expect(page.getByRole("heading", { level: 1, name: "This ad is no longer available" })).toHaveCount(0);
});

test("a link to an ad that never was is a 404 of the same kind; an unknown category is Page Not Found", async ({
  page,
  request,
}) => {
  const { category, cars } = await findCars(request);
  const unknown = await page.goto(`/categories/${category.id}/${cars.id}/99999999`);
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "This ad is no longer available" })).toBeVisible();
  await expectSiteFrame(page);
  await expect(page.getByRole("main").getByRole("combobox", { name: "What are you looking for?" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Similar ads in Cars" }).getByRole("listitem").first()).toBeVisible();
  await expect(page.getByText("Something went wrong")).toHaveCount(0);

  for (const path of ["/categories/987654", `/categories/${category.id}/987654`]) {
    const missing = await page.goto(path);
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
    await expectSiteFrame(page);
    await expect(page.getByText("Something went wrong")).toHaveCount(0);
    await page.getByRole("link", { name: "Go back home" }).click();
    await expect(page).toHaveURL(/\/$/);
  }
});
