import { EXCHANGE_RATE_MESSAGES } from "@waterside/shared/exchange-rates";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { ads } from "../../db/schema/ads.ts";
import { createAd, createUser, signedInAdmin } from "../../test/factories.ts";
import { useTestApp } from "../../test/test-app.ts";
import { findAdPageIds, findPriceCandidates, type AdListQuery } from "./ads.queries.ts";

const ctx = useTestApp();

type Headers = Record<string, string>;
let adminHeaders: Headers;
let sellerId: number;
/** The four ads of one seller, in two currencies, and their US$ prices at L$ 200 a dollar. */
const mine: Record<"usd50" | "lrd9000" | "usd55" | "lrd12000", number> = {} as never;

const setRate = async (usdLrd: number) => {
  const response = await ctx.app.inject({
    method: "POST",
    url: "/api/admin/exchange-rates",
    headers: adminHeaders,
    payload: { usd_lrd: usdLrd, note: "CBL" },
  });
  expect(response.statusCode).toBe(201);
};

/** POST /ads/get with this exact body text, as a client sends it (the stored pages are keyed by it too). */
const list = async (body: Record<string, unknown>) => {
  const response = await ctx.app.inject({
    method: "POST",
    url: "/api/ads/get",
    headers: { "content-type": "application/json" },
    payload: JSON.stringify({ user_id: sellerId, ...body }),
  });
  return response;
};
const listed = async (body: Record<string, unknown>) => {
  const response = await list(body);
  expect(response.statusCode).toBe(200);
  return (response.json().data.data as Array<{ id: number; price: number; currency: string; price_local: number }>).map(
    (ad) => [ad.id, ad.price, ad.currency, ad.price_local],
  );
};

beforeAll(async () => {
  adminHeaders = (await signedInAdmin(ctx.app, ctx.db)).headers;
  sellerId = (await createUser(ctx.db)).id;
});

describe("prices in US$ and L$ in the lists (decisions 088, 093)", () => {
  it("refuses L$ bounds before any rate is set: they cannot be compared with anything", async () => {
    const refused = await list({ price_min: 9000, price_currency: "LRD" });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ price_currency: [EXCHANGE_RATE_MESSAGES.noRate] });
    // US$ bounds, and an L$ currency without bounds, need no rate.
    expect((await list({ price_min: 1 })).statusCode).toBe(200);
    expect((await list({ price_currency: "LRD" })).statusCode).toBe(200);

    await setRate(200);
    const ad = (fields: Partial<typeof ads.$inferInsert>) => createAd(ctx.db, { user_id: sellerId, ...fields });
    mine.usd50 = (await ad({ price: 50 })).id;
    mine.lrd9000 = (await ad({ currency: "LRD", price_local: 9000, price: 45 })).id;
    mine.usd55 = (await ad({ price: 55 })).id;
    mine.lrd12000 = (await ad({ currency: "LRD", price_local: 12000, price: 60 })).id;
  });

  it("lists each ad with its currency and own price beside the US$ price, and sorts by the US$ value", async () => {
    expect(await listed({ sort_by: "price", sort_order: "asc" })).toEqual([
      [mine.lrd9000, 45, "LRD", 9000],
      [mine.usd50, 50, "USD", 50],
      [mine.usd55, 55, "USD", 55],
      [mine.lrd12000, 60, "LRD", 12000],
    ]);
  });

  it("filters by a US$ range and by an L$ range across both currencies", async () => {
    const ids = async (body: Record<string, unknown>) =>
      (await listed({ sort_by: "price", sort_order: "asc", ...body })).map(([id]) => id);
    expect(await ids({ price_min: 48, price_max: 58 })).toEqual([mine.usd50, mine.usd55]);
    expect(await ids({ price_min: 48, price_max: 58, price_currency: "USD" })).toEqual([mine.usd50, mine.usd55]);
    // L$ 9,000–11,000 is US$ 45–55 at L$ 200: the L$ ad priced exactly at the bound is within it.
    expect(await ids({ price_min: 9000, price_max: 11000, price_currency: "LRD" })).toEqual([
      mine.lrd9000,
      mine.usd50,
      mine.usd55,
    ]);
    // Under L$ 10,000 is under US$ 50: the US$ 50 ad too.
    expect(await ids({ price_max: 10000, price_currency: "LRD" })).toEqual([mine.lrd9000, mine.usd50]);
    expect(await ids({ price_max: 9500, price_currency: "LRD" })).toEqual([mine.lrd9000]);
    // A currency that is neither is refused on the field.
    const refused = await list({ price_min: 1, price_currency: "EUR" });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors)).toEqual(["price_currency"]);
  });

  it("a rate change reaches the stored pages: new US$ values, new order, L$ bounds at the new rate", async () => {
    const sorted = { sort_by: "price", sort_order: "asc" };
    const lrdRange = { price_min: 9000, price_max: 11000, price_currency: "LRD" };
    // Both pages are stored (and the first one's body text is a key of it) before the change.
    await listed(sorted);
    await listed(sorted);
    expect((await listed(lrdRange)).map(([id]) => id)).toEqual(expect.arrayContaining([mine.lrd9000, mine.usd50]));
    const [before] = await ctx.db.select({ updated_at: ads.updated_at }).from(ads).where(eq(ads.id, mine.lrd9000));

    await setRate(150);

    // The rate's commit drops the stored pages in every process as the announcement arrives (milliseconds), and the
    // lists read the new rate.
    await expect
      .poll(() => listed(sorted))
      .toEqual([
        [mine.usd50, 50, "USD", 50],
        [mine.usd55, 55, "USD", 55],
        [mine.lrd9000, 60, "LRD", 9000],
        [mine.lrd12000, 80, "LRD", 12000],
      ]);
    // L$ 9,000–11,000 is now US$ 60–73.33: the US$ ads left the range.
    expect((await listed({ ...lrdRange, sort_by: "price", sort_order: "asc" })).map(([id]) => id)).toEqual([
      mine.lrd9000,
    ]);
    // No ad was rewritten: its row is as the seller left it.
    const [after] = await ctx.db
      .select({ updated_at: ads.updated_at, price: ads.price })
      .from(ads)
      .where(eq(ads.id, mine.lrd9000));
    expect(after).toEqual({ updated_at: before!.updated_at, price: 45 });
  });

  it("the ad page answers the US$ value at the rate in force beside the seller's L$ price", async () => {
    const page = await ctx.app.inject({ url: `/api/ads/id/${mine.lrd12000}` });
    expect(page.json().data).toMatchObject({ price: 80, currency: "LRD", price_local: 12000 });
  });

  it("walks the prices of each currency in the database and merges them, a page at any offset (decision 093)", async () => {
    // The walks a list takes past the in-memory price index (decision 013), read directly. At L$ 150 a dollar:
    // US$ 50, US$ 55, L$ 9,000 = US$ 60, L$ 12,000 = US$ 80.
    const query = (order: "asc" | "desc", more: Partial<AdListQuery> = {}): AdListQuery => ({
      closedSubcategoryIds: [],
      attributes: [],
      businessSellersOnly: false,
      userId: sellerId,
      sort: { field: "price", order },
      limit: 2,
      offset: 0,
      ...more,
    });
    expect(await findAdPageIds(ctx.db, query("asc"))).toEqual([mine.usd50, mine.usd55]);
    expect(await findAdPageIds(ctx.db, query("asc", { offset: 2 }))).toEqual([mine.lrd9000, mine.lrd12000]);
    expect(await findAdPageIds(ctx.db, query("desc"))).toEqual([mine.lrd12000, mine.lrd9000]);
    expect(await findAdPageIds(ctx.db, query("desc", { offset: 1, limit: 3 }))).toEqual([
      mine.lrd9000,
      mine.usd55,
      mine.usd50,
    ]);
    // Bounds in US$ on both currencies: an L$ ad whose value rounds onto a bound is within it.
    expect(await findAdPageIds(ctx.db, query("asc", { priceMin: 55, priceMax: 60, limit: 10 }))).toEqual([
      mine.usd55,
      mine.lrd9000,
    ]);
    expect(await findAdPageIds(ctx.db, query("asc", { priceMin: 60.01, limit: 10 }))).toEqual([mine.lrd12000]);
    // Sorted by date with a price range: the bounds apply to both currencies too.
    expect(
      await findAdPageIds(ctx.db, query("desc", { sort: { field: "created_at", order: "desc" }, priceMax: 60 })),
    ).toEqual([mine.usd55, mine.lrd9000]);
    // The price index's candidates: every match, by price, with its US$ value.
    const candidates = await findPriceCandidates(ctx.db, query("asc"), 100);
    expect(Array.from(candidates!.ids)).toEqual([mine.usd50, mine.usd55, mine.lrd9000, mine.lrd12000]);
    expect(Array.from(candidates!.prices)).toEqual([50, 55, 60, 80]);
  });
});
