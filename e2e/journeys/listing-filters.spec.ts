import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect, test } from "./hydrated-page";
import { skipSignupPrompt } from "./signup-prompt";

test.beforeEach(({ page }) => skipSignupPrompt(page));

const CARS = "/categories/1/1";

interface FilterDefinition {
  id: number;
  name: string;
  type: string;
}

/** Every car's Year as the API stores it, read ad by ad (lists do not carry attributes). */
async function yearOf(request: APIRequestContext, adId: number, yearId: number) {
  const detail = (await (await request.get(`/api/ads/id/${adId}`)).json()).data as {
    attributes: Array<{ attribute_id: number; value: string }>;
  };
  const value = detail.attributes.find((attribute) => attribute.attribute_id === yearId)?.value;
  return value === undefined ? undefined : Number(value);
}

/** The ids of the ads the results show, from their cards' links. */
async function shownAdIds(results: Locator) {
  const hrefs = await results
    .getByRole("link")
    .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  return [...new Set(hrefs.flatMap((href) => /^\/categories\/\d+\/\d+\/(\d+)$/.exec(href)?.[1] ?? []))].map(Number);
}

const countOf = async (page: Page) =>
  Number((await page.getByRole("region", { name: "Results" }).locator("[aria-live]").textContent())!.split(" ")[0]);

test("a Year range narrows the Cars listing: applied at once on a desktop, by Apply in the phone's Filter Modal", async ({
  page,
  request,
  viewport,
}) => {
  const desktop = (viewport?.width ?? 0) >= 1024;
  const filters = (await (await request.get("/api/ads/filters/subcategory/1")).json()).data as FilterDefinition[];
  const year = filters.find((filter) => filter.name === "Year");
  expect(year?.type, "Cars have a Number attribute Year").toBe("Number");

  // A range that leaves out some demo cars at each end, chosen from the cars themselves.
  const cars = (await (await request.post("/api/ads/get", { data: { subcategory_id: 1, per_page: 100 } })).json()).data
    .data as Array<{ id: number }>;
  const years = (await Promise.all(cars.map((car) => yearOf(request, car.id, year!.id))))
    .filter((value): value is number => value !== undefined && Number.isFinite(value))
    .sort((a, b) => a - b);
  // Bounds that are years cars have (both ends included), leaving out at least the oldest.
  const distinct = [...new Set(years)];
  expect(distinct.length, "demo cars of at least two years").toBeGreaterThanOrEqual(2);
  const min = distinct[1]!;
  const max = distinct[Math.max(1, distinct.length - 2)]!;
  expect(years.filter((value) => value >= min && value <= max).length).toBeLessThan(years.length);

  await page.goto(CARS);
  await expect(page.getByRole("heading", { level: 1, name: "Cars Ads" })).toBeVisible();
  const results = page.getByRole("region", { name: "Results" });
  await expect(results.getByRole("article").first()).toBeVisible();
  const before = await countOf(page);
  // The page's default sort is no filter: no chip for it, even when the address names it.
  await expect(page.getByRole("list", { name: "Active filters" })).toHaveCount(0);
  await page.goto(`${CARS}?sort=${encodeURIComponent("visibility_score|desc")}`);
  await expect(page.getByRole("link", { name: /^Remove filter Popular/ })).toHaveCount(0);

  let form: Locator;
  if (desktop) {
    form = page.getByRole("complementary", { name: "Filters" });
    // Nothing to scroll to: the sidebar has no Apply button once the page runs.
    await expect(form.getByRole("button", { name: "Apply filters" })).toBeHidden();
  } else {
    await page.getByRole("button", { name: "Filter", exact: true }).click();
    form = page.getByRole("dialog", { name: "Filter Modal" });
    await expect(form).toBeVisible();
  }
  const range = form.getByRole("group", { name: "Year" });
  // A range, not a checklist of raw years.
  await expect(range.getByRole("checkbox")).toHaveCount(0);

  // A reversed range is refused where it is typed.
  await range.getByRole("spinbutton", { name: "Minimum Year" }).fill(String(max + 1));
  await range.getByRole("spinbutton", { name: "Maximum Year" }).fill(String(min));
  if (!desktop) await form.getByRole("button", { name: "Apply filters" }).click();
  await expect(range.getByRole("alert")).toHaveText("The minimum must not be more than the maximum.");
  await expect(page).not.toHaveURL(/f\d+_min=/);

  await range.getByRole("spinbutton", { name: "Minimum Year" }).fill(String(min));
  await range.getByRole("spinbutton", { name: "Maximum Year" }).fill(String(max));
  if (!desktop) {
    await form.getByRole("button", { name: "Apply filters" }).click();
    await expect(form).toBeHidden();
  }
  await expect(page).toHaveURL(new RegExp(`f${year!.id}_min=${min}&f${year!.id}_max=${max}`));
  await expect(page.getByRole("link", { name: `Remove filter Year: ${min}–${max}` })).toBeVisible();
  await expect.poll(() => countOf(page)).toBeLessThan(before);
  const filtered = await countOf(page);

  // Every car shown is within the range, bounds included.
  const shown = await shownAdIds(results);
  expect(shown.length).toBeGreaterThan(0);
  for (const id of shown) {
    const value = await yearOf(request, id, year!.id);
    expect(value, `ad ${id}'s year`).toBeGreaterThanOrEqual(min);
    expect(value, `ad ${id}'s year`).toBeLessThanOrEqual(max);
  }

  // The chip clears the range, and the form shows it cleared.
  await page.getByRole("link", { name: `Remove filter Year: ${min}–${max}` }).click();
  await expect(page).not.toHaveURL(/f\d+_(min|max)=/);
  await expect.poll(() => countOf(page)).toBeGreaterThan(filtered);
  if (desktop) await expect(range.getByRole("spinbutton", { name: "Minimum Year" })).toHaveValue("");
});
