import { eq, sql } from "drizzle-orm";
import { PRICE_GUIDE_MESSAGES, PRICE_GUIDE_MIN_COUNT, type TPriceGuide } from "@waterside/shared/price-guide";
import { AD_STATUS } from "@waterside/shared/reference-ids";
import { beforeAll, describe, expect, it } from "vitest";
import { ads } from "../../db/schema/ads.ts";
import { attributes } from "../../db/schema/catalog.ts";
import { createAd, createUser } from "../../test/factories.ts";
import { useTestApp } from "../../test/test-app.ts";

/** GET /ads/price-guide (issue 28, decision 077): quartiles of live ads' prices, narrowed while 5 ads remain. */
const ctx = useTestApp();
const CARS = 1;
let ids: Record<string, number>;
let sellerId: number;

const ask = (query: Record<string, string | number>) =>
  ctx.app.inject({
    method: "GET",
    url: "/api/ads/price-guide",
    query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
  });
async function guide(subcategoryId: number, values: Record<string, string> = {}): Promise<TPriceGuide> {
  const list = Object.entries(values).map(([name, value]) => ({ id: ids[name]!, value }));
  const response = await ask(
    list.length
      ? { subcategory_id: subcategoryId, attributes: JSON.stringify(list) }
      : { subcategory_id: subcategoryId },
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: TPriceGuide }>().data;
}

beforeAll(async () => {
  sellerId = (await createUser(ctx.db, { name: "Garmai" })).id;
  ids = Object.fromEntries(
    (
      await ctx.db
        .select()
        .from(attributes)
        .where(sql`${attributes.name} in ('Brand', 'Model', 'Year', 'Condition')`)
    ).map((row) => [row.name, row.id]),
  );
  const car = (price: number, values: Record<string, string>, status_id: number = AD_STATUS.active) =>
    createAd(ctx.db, { user_id: sellerId, subcategory_id: CARS, price, status_id, attributeValues: values });
  // Six Corollas (five of them from 2010 to 2014), three Camrys, two Nissans: eleven live cars.
  for (const [price, year] of [
    [1000, "2010"],
    [2000, "2011"],
    [3000, "2012"],
    [4000, "2013"],
    [5000, "2014"],
    [6000, "2016"],
  ] as const) {
    await car(price, { Brand: "Toyota", Model: "Corolla", Year: year });
  }
  for (const price of [10_000, 11_000, 12_000]) await car(price, { Brand: "Toyota", Model: "Camry", Year: "2018" });
  for (const price of [20_000, 30_000]) await car(price, { Brand: "Nissan", Model: "Sunny", Year: "2015" });
  // Not live: never counted.
  await car(900_000, { Brand: "Toyota", Model: "Corolla", Year: "2012" }, AD_STATUS.hidden);
  await car(800_000, { Brand: "Toyota", Model: "Corolla", Year: "2012" }, AD_STATUS.pending);
  await car(700_000, { Brand: "Toyota", Model: "Corolla", Year: "2012" }, AD_STATUS.expired);
  await car(600_000, { Brand: "Toyota", Model: "Corolla", Year: "2012" }, AD_STATUS.sold);
});

describe("GET /api/ads/price-guide", () => {
  it("gives the interpolated quartiles of the subcategory's live ads, ignoring hidden, pending, expired and sold ones", async () => {
    // 1000…6000, 10000, 11000, 12000, 20000, 30000: positions 2.5, 5 and 7.5 of 11.
    expect(await guide(CARS)).toEqual({ count: 11, p25: 3500, median: 6000, p75: 11_500, narrowed_by: [] });
  });

  it("narrows by Brand, then Model, then the years around Year, while enough ads remain", async () => {
    expect(await guide(CARS, { Brand: "Toyota" })).toEqual({
      count: 9,
      p25: 3000,
      median: 5000,
      p75: 10_000,
      narrowed_by: ["Brand"],
    });
    expect(await guide(CARS, { Brand: "Toyota", Model: "Corolla" })).toEqual({
      count: 6,
      p25: 2250,
      median: 3500,
      p75: 4750,
      narrowed_by: ["Brand", "Model"],
    });
    // 2010 to 2014: exactly the minimum of five; the 2016 Corolla is out of 2012 ± 2.
    expect(PRICE_GUIDE_MIN_COUNT).toBe(5);
    expect(await guide(CARS, { Year: "2012", Model: "Corolla", Brand: "Toyota" })).toEqual({
      count: 5,
      p25: 2000,
      median: 3000,
      p75: 4000,
      narrowed_by: ["Brand", "Model", "Year"],
    });
  });

  it("falls back to the broader set when a narrowing leaves fewer than the minimum", async () => {
    // Three Camrys: back to every Toyota.
    expect(await guide(CARS, { Brand: "Toyota", Model: "Camry" })).toMatchObject({ count: 9, narrowed_by: ["Brand"] });
    // One Corolla around 2018: back to the Corollas.
    expect(await guide(CARS, { Brand: "Toyota", Model: "Corolla", Year: "2018" })).toMatchObject({
      count: 6,
      narrowed_by: ["Brand", "Model"],
    });
    // Two Nissans, or a brand no one sells: the whole subcategory.
    expect(await guide(CARS, { Brand: "Nissan" })).toMatchObject({ count: 11, median: 6000, narrowed_by: [] });
    expect(await guide(CARS, { Brand: "Tesla" })).toMatchObject({ count: 11, narrowed_by: [] });
  });

  it("narrows by Brand, Model and Year only: other attributes change nothing", async () => {
    expect(await guide(CARS, { Condition: "Foreign Used" })).toEqual(await guide(CARS));
  });

  it("gives no figures for a subcategory with fewer live ads than the minimum", async () => {
    for (const price of [100, 200, 300, 400]) await createAd(ctx.db, { user_id: sellerId, subcategory_id: 5, price });
    expect(await guide(5)).toEqual({ count: 4, p25: null, median: null, p75: null, narrowed_by: [] });
    expect(await guide(6)).toEqual({ count: 0, p25: null, median: null, p75: null, narrowed_by: [] });
  });

  it("follows writes at once: a new ad, a hidden one and a deleted one change the cached figures", async () => {
    const SUBCATEGORY = 7;
    const made = [];
    for (const price of [100, 200, 300, 400, 500]) {
      made.push(await createAd(ctx.db, { user_id: sellerId, subcategory_id: SUBCATEGORY, price }));
    }
    expect(await guide(SUBCATEGORY)).toMatchObject({ count: 5, median: 300 });
    // Read again from the cache until a write concerns it.
    expect(await guide(SUBCATEGORY)).toMatchObject({ count: 5, median: 300 });

    await createAd(ctx.db, { user_id: sellerId, subcategory_id: SUBCATEGORY, price: 600 });
    await expect.poll(async () => (await guide(SUBCATEGORY)).median).toBe(350);

    await ctx.db.update(ads).set({ status_id: AD_STATUS.expired }).where(eq(ads.id, made[0]!.id));
    await expect.poll(async () => (await guide(SUBCATEGORY)).median).toBe(400);

    await ctx.db.delete(ads).where(eq(ads.id, made[1]!.id));
    await expect.poll(async () => (await guide(SUBCATEGORY)).count).toBe(4);
    expect(await guide(SUBCATEGORY)).toMatchObject({ median: null });
  });

  it("answers 422 with field messages for a missing subcategory or malformed attributes", async () => {
    const missing = await ask({});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.subcategory_id).toEqual([PRICE_GUIDE_MESSAGES.subcategoryRequired]);

    const notNumber = await ask({ subcategory_id: "cars" });
    expect(notNumber.statusCode).toBe(422);
    expect(notNumber.json().errors.subcategory_id).toEqual([PRICE_GUIDE_MESSAGES.subcategoryRequired]);

    const notJson = await ask({ subcategory_id: CARS, attributes: "Brand=Toyota" });
    expect(notJson.statusCode).toBe(422);
    expect(notJson.json().errors.attributes).toEqual([PRICE_GUIDE_MESSAGES.attributesInvalid]);

    const noValue = await ask({ subcategory_id: CARS, attributes: JSON.stringify([{ id: ids.Brand, value: " " }]) });
    expect(noValue.statusCode).toBe(422);
    expect(noValue.json().errors["attributes.0.value"]).toEqual([PRICE_GUIDE_MESSAGES.valueRequired]);
  });
});
