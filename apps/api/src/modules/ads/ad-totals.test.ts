import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TAdListItem } from "@waterside/shared/ads";
import type { TPaged } from "@waterside/shared/api-envelope";
import { AD_TOTAL_EXACT_LIMIT as EXACT_COUNT_LIMIT } from "@waterside/shared/ads-limits";
import { createAd, createUser } from "../../test/factories.ts";
import { createTestApp } from "../../test/test-app.ts";

let ctx: Awaited<ReturnType<typeof createTestApp>>;
const ADS = EXACT_COUNT_LIMIT + 100;

async function list(body: Record<string, unknown>) {
  const response = await ctx.app.inject({ method: "POST", url: "/api/ads/get", payload: body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: TPaged<TAdListItem> }>().data;
}

beforeAll(async () => {
  ctx = await createTestApp();
  const seller = await createUser(ctx.db, { name: "Mamadee" });
  const first = await createAd(ctx.db, { user_id: seller.id, subcategory_id: 2, title: "Plot of land 1", price: 1 });
  // Copies of the first ad with rising prices: more matches than the API counts exactly.
  await ctx.db.execute(sql`
    insert into ads (user_id, category_id, subcategory_id, county_id, area_id, location, title, description, price,
                     status_id)
    select user_id, category_id, subcategory_id, county_id, area_id, location, 'Plot of land ' || g, description, g,
           status_id
    from ads, generate_series(2, ${ADS}) g where ads.id = ${first.id}`);
  await ctx.db.execute(sql`analyze ads`);
});

afterAll(() => ctx.close());

describe("totals of large lists", () => {
  it("are exact up to the limit", async () => {
    const page = await list({ subcategory_id: 2, price_max: EXACT_COUNT_LIMIT });
    expect(page).toMatchObject({ total: EXACT_COUNT_LIMIT, total_is_estimate: false, last_page: 34 });
  });

  it("are the database's estimate past it, flagged so, with pages to go on", async () => {
    const page = await list({ subcategory_id: 2 });
    expect(page.total_is_estimate).toBe(true);
    expect(page.total).toBeGreaterThan(EXACT_COUNT_LIMIT);
    expect(page.data).toHaveLength(30);
    expect(page.next_page_url).toBe("/api/ads/get?page=2");
  });

  it("become exact on the last page, which is the first one not full", async () => {
    const lastPage = Math.ceil(ADS / 30);
    const page = await list({ subcategory_id: 2, sort_combined: "price|asc", page: lastPage });
    expect(page.data.map((ad) => ad.title).at(-1)).toBe(`Plot of land ${ADS}`);
    expect(page).toMatchObject({ total: ADS, total_is_estimate: false, last_page: lastPage, next_page_url: null });
  });

  it("become exact past the end of an overestimate, pointing back to the real last page", async () => {
    const page = await list({ subcategory_id: 2, page: 500 });
    expect(page).toMatchObject({ data: [], total: ADS, total_is_estimate: false, last_page: Math.ceil(ADS / 30) });
  });
});
