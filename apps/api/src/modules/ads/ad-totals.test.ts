import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { TAdListItem } from "@waterside/shared/ads";
import type { TPaged } from "@waterside/shared/api-envelope";
import { AD_TOTAL_EXACT_LIMIT as EXACT_COUNT_LIMIT } from "@waterside/shared/ads-messages";
import { createAd, createUser } from "../../test/factories.ts";
import { useTestApp } from "../../test/test-app.ts";

const ctx = useTestApp();
const ADS = EXACT_COUNT_LIMIT + 100;

async function list(body: Record<string, unknown>) {
  const response = await ctx.app.inject({ method: "POST", url: "/api/ads/get", payload: body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: TPaged<TAdListItem> }>().data;
}

beforeAll(async () => {
  const seller = await createUser(ctx.db, { name: "Mamadee" });
  const first = await createAd(ctx.db, { user_id: seller.id, subcategory_id: 2, title: "Plot of land 1", price: 1 });
  // Copies of the first ad with rising prices: more matches than the API counts exactly.
  await ctx.db.execute(sql`
    insert into ads (user_id, category_id, subcategory_id, county_id, area_id, location, title, description, price,
                     status_id)
    select user_id, category_id, subcategory_id, county_id, area_id, location, 'Plot of land ' || g, description, g,
           status_id
    from ads, generate_series(2, ${ADS}) g where ads.id = ${first.id}`);
});

describe("totals of large lists", () => {
  it("are exact up to the limit", async () => {
    const page = await list({ subcategory_id: 2, price_max: EXACT_COUNT_LIMIT });
    expect(page).toMatchObject({ total: EXACT_COUNT_LIMIT, total_is_lower_bound: false, last_page: 34 });
  });

  it("are a lower bound past it, flagged so, with pages that go on while they are full", async () => {
    const first = await list({ subcategory_id: 2 });
    expect(first).toMatchObject({ total: EXACT_COUNT_LIMIT + 1, total_is_lower_bound: true });
    expect(first.data).toHaveLength(30);
    expect(first.next_page_url).toBe("/api/ads/get?page=2");

    const deep = await list({ subcategory_id: 2, page: 35 });
    expect(deep).toMatchObject({ total: 35 * 30 + 1, total_is_lower_bound: true, last_page: 36 });
    expect(deep.next_page_url).toBe("/api/ads/get?page=36");
  });

  it("become exact on the last page, which is the first one not full", async () => {
    const lastPage = Math.ceil(ADS / 30);
    const page = await list({ subcategory_id: 2, sort_combined: "price|asc", page: lastPage });
    expect(page.data.map((ad) => ad.title).at(-1)).toBe(`Plot of land ${ADS}`);
    expect(page).toMatchObject({ total: ADS, total_is_lower_bound: false, last_page: lastPage, next_page_url: null });
  });

  it("are exact under a price range whatever the number of matches, in the same order as without one", async () => {
    const ranged = await list({ subcategory_id: 2, price_min: 20, price_max: 1070, sort_combined: "price|desc" });
    expect(ranged).toMatchObject({ total: 1051, total_is_lower_bound: false, last_page: 36 });
    expect(ranged.data.map((ad) => ad.price)).toEqual(Array.from({ length: 30 }, (_, index) => 1070 - index));
    const last = await list({
      subcategory_id: 2,
      price_min: 20,
      price_max: 1070,
      sort_combined: "price|desc",
      page: 36,
    });
    expect(last.data.map((ad) => ad.price)).toEqual([20]);
    expect(last.next_page_url).toBeNull();
  });

  it("become exact past the end, pointing back to the real last page", async () => {
    const page = await list({ subcategory_id: 2, page: 500 });
    expect(page).toMatchObject({ data: [], total: ADS, total_is_lower_bound: false, last_page: Math.ceil(ADS / 30) });
  });
});
