import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { TAdListItem } from "@waterside/shared/ads";
import type { TPaged } from "@waterside/shared/api-envelope";
import { adAttributeValues, ads } from "../../db/schema/ads.ts";
import { attributes, subcategoryAttributes } from "../../db/schema/catalog.ts";
import { createAd, createUser } from "../../test/factories.ts";
import { useTestApp } from "../../test/test-app.ts";

/** Number attributes filtered by an inclusive range, `{id, min?, max?}` beside the spec's `{id, values[]}` (decision 061). */
const ctx = useTestApp();
const CARS = 1;
let year: number;
let brand: number;

const get = (body: Record<string, unknown>) => ctx.app.inject({ method: "POST", url: "/api/ads/get", payload: body });
async function titles(body: Record<string, unknown>) {
  const response = await get({ subcategory_id: CARS, sort_combined: "price|asc", ...body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: TPaged<TAdListItem> }>().data.data.map((ad) => ad.title);
}
const years = (range: { min?: number | string; max?: number | string }) =>
  titles({ attributes: [{ id: year, ...range }] });

beforeAll(async () => {
  const seller = await createUser(ctx.db, { name: "Musu" });
  const ids = Object.fromEntries(
    (
      await ctx.db
        .select()
        .from(attributes)
        .where(sql`${attributes.name} in ('Year', 'Brand')`)
    ).map((row) => [row.name, row.id]),
  );
  year = ids.Year!;
  brand = ids.Brand!;
  const car = (title: string, price: number, values: Record<string, string>) =>
    createAd(ctx.db, { user_id: seller.id, subcategory_id: CARS, title, price, attributeValues: values });
  await car("Nissan 2008", 2000, { Year: "2008", Brand: "Nissan" });
  await car("Toyota 2010", 3000, { Year: "2010", Brand: "Toyota" });
  await car("Toyota 2012", 4000, { Year: " 2012 ", Brand: "Toyota" });
  await car("Honda 2015", 5000, { Year: "2015", Brand: "Honda" });
  await car("Kia about 2014", 6000, { Year: "about 2014", Brand: "Kia" });
  await car("Mazda no year", 7000, { Brand: "Mazda" });
});

describe("POST /api/ads/get with a Number attribute range", () => {
  it("keeps ads whose value is within the range, both bounds included", async () => {
    expect(await years({ min: 2010, max: 2012 })).toEqual(["Toyota 2010", "Toyota 2012"]);
    expect(await years({ min: 2012, max: 2012 })).toEqual(["Toyota 2012"]);
    // Sent as form fields are: text.
    expect(await years({ min: "2009", max: "2015" })).toEqual(["Toyota 2010", "Toyota 2012", "Honda 2015"]);
  });

  it("takes a minimum alone or a maximum alone", async () => {
    expect(await years({ min: 2012 })).toEqual(["Toyota 2012", "Honda 2015"]);
    expect(await years({ max: 2010 })).toEqual(["Nissan 2008", "Toyota 2010"]);
  });

  it("ignores values that are not numbers, and ads without the attribute", async () => {
    const all = await years({ min: 0, max: 100_000 });
    expect(all).toEqual(["Nissan 2008", "Toyota 2010", "Toyota 2012", "Honda 2015"]);
    expect(all).not.toContain("Kia about 2014");
    expect(all).not.toContain("Mazda no year");
  });

  it("combines with the spec's values[] filters, which still work as before", async () => {
    expect(await titles({ attributes: [{ id: brand, values: ["Toyota", "Honda"] }] })).toEqual([
      "Toyota 2010",
      "Toyota 2012",
      "Honda 2015",
    ]);
    expect(await titles({ attributes: [{ id: year, values: ["2008"] }] })).toEqual(["Nissan 2008"]);
    expect(
      await titles({
        attributes: [
          { id: brand, values: ["Toyota", "Honda"] },
          { id: year, min: 2011 },
        ],
      }),
    ).toEqual(["Toyota 2012", "Honda 2015"]);
    // With a price range too (the in-memory price index keeps the attribute conditions).
    expect(await titles({ price_max: 4500, attributes: [{ id: year, min: 2009 }] })).toEqual([
      "Toyota 2010",
      "Toyota 2012",
    ]);
  });

  it("answers 422 with a clear message for a reversed range, a bound that is not a number, or no condition", async () => {
    const reversed = await get({ attributes: [{ id: year, min: 2015, max: 2010 }] });
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json()).toMatchObject({
      message: "The minimum must not be more than the maximum.",
      errors: { "attributes.0.min": ["The minimum must not be more than the maximum."] },
    });
    const word = await get({ attributes: [{ id: year, min: "new" }] });
    expect(word.statusCode).toBe(422);
    expect(word.json().errors["attributes.0.min"]).toEqual(["Must be a number."]);
    const nothing = await get({ attributes: [{ id: year }] });
    expect(nothing.statusCode).toBe(422);
    expect(nothing.json().errors["attributes.0.values"]).toEqual(["Choose at least one value."]);
  });

  it("keys cached pages by the range, and a page with a range follows a write to an ad in it", async () => {
    const range = { min: 2016, max: 2020 };
    expect(await years(range)).toEqual([]);
    expect(await years({ min: 2016 })).toEqual([]);
    // An edit that brings an ad into the range: the cached page drops when PostgreSQL announces it.
    const [honda] = await ctx.db.select({ id: ads.id }).from(ads).where(eq(ads.title, "Honda 2015"));
    const [link] = await ctx.db
      .select({ id: subcategoryAttributes.id })
      .from(subcategoryAttributes)
      .where(and(eq(subcategoryAttributes.subcategory_id, CARS), eq(subcategoryAttributes.attribute_id, year)));
    await ctx.db
      .update(adAttributeValues)
      .set({ value: "2018" })
      .where(and(eq(adAttributeValues.ad_id, honda!.id), eq(adAttributeValues.subcategory_attribute_id, link!.id)));
    await expect.poll(() => years(range)).toEqual(["Honda 2015"]);
    // And out of it again.
    await ctx.db
      .update(adAttributeValues)
      .set({ value: "2015" })
      .where(and(eq(adAttributeValues.ad_id, honda!.id), eq(adAttributeValues.subcategory_attribute_id, link!.id)));
    await expect.poll(() => years(range)).toEqual([]);
    // A new ad posted in range.
    const seller = await createUser(ctx.db, { name: "Kollie" });
    await createAd(ctx.db, {
      user_id: seller.id,
      subcategory_id: CARS,
      title: "Lexus 2019",
      price: 9000,
      attributeValues: { Year: "2019" },
    });
    await expect.poll(() => years(range)).toEqual(["Lexus 2019"]);
    expect(await years({ min: 2016 })).toEqual(["Lexus 2019"]);
  });
});
