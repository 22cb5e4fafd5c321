import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { TCategory, TCounty, TFilterDefinition, TSubcategory } from "@waterside/shared/catalog";
import { AD_STATUS, USER_TYPE } from "@waterside/shared/reference-ids";
import { adAttributeValues, ads } from "../../db/schema/ads.ts";
import { subcategories, subcategoryAttributes } from "../../db/schema/catalog.ts";
import { createAd, createUser } from "../../test/factories.ts";
import { useTestApp } from "../../test/test-app.ts";

const ctx = useTestApp();

describe("GET /api/categories/active", () => {
  it("returns the seeded tree with subcategories, images and counts of active ads only", async () => {
    const seller = await createUser(ctx.db);
    await createAd(ctx.db, { user_id: seller.id, subcategory_id: 1 });
    await createAd(ctx.db, { user_id: seller.id, subcategory_id: 1 });
    await createAd(ctx.db, { user_id: seller.id, subcategory_id: 1, status_id: AD_STATUS.hidden });

    const response = await ctx.app.inject({ method: "GET", url: "/api/categories/active" });
    expect(response.statusCode).toBe(200);
    const categories = response.json<{ data: TCategory[] }>().data;
    expect(categories.map((category) => category.name)).toEqual(
      expect.arrayContaining([
        "Vehicles",
        "Motorbikes & Keke",
        "Phones & Tablets",
        "Property for Rent",
        "Land",
        "Jobs",
        "Agriculture & Food",
        "Building Materials",
      ]),
    );
    const vehicles = categories.find((category) => category.name === "Vehicles")!;
    expect(vehicles.image_url).toMatch(/^\/media\/categories\/.+\.webp$/);
    const cars = vehicles.subcategories.find((sub) => sub.id === 1)!;
    expect(cars).toMatchObject({ name: "Cars", category_id: vehicles.id, active: true, ads_count: 2 });
    for (const category of categories) expect(category.subcategories.length).toBeGreaterThan(0);
  });

  it("keeps the counts exact when ads are hidden, shown again, moved or deleted", async () => {
    const countOf = async (subcategoryId: number) => {
      const categories = (await ctx.app.inject({ url: "/api/categories/active" })).json<{ data: TCategory[] }>().data;
      return categories.flatMap((category) => category.subcategories).find((sub) => sub.id === subcategoryId)!
        .ads_count;
    };
    const seller = await createUser(ctx.db);
    const ad = await createAd(ctx.db, { user_id: seller.id, subcategory_id: 5 });
    // The count the table keeps; the cached tree shows it once PostgreSQL has announced the new ad.
    const [{ stored: before }] = (await ctx.db
      .select({ stored: subcategories.active_ads_count })
      .from(subcategories)
      .where(eq(subcategories.id, 5))) as [{ stored: number }];
    await expect.poll(() => countOf(5), { timeout: 5000 }).toBe(before);
    await ctx.db.update(ads).set({ status_id: AD_STATUS.hidden }).where(eq(ads.id, ad.id));
    // Cached catalog reads are dropped when PostgreSQL announces the change, a moment after commit.
    await expect.poll(() => countOf(5), { timeout: 5000 }).toBe(before - 1);
    await ctx.db.update(ads).set({ status_id: AD_STATUS.active }).where(eq(ads.id, ad.id));
    await expect.poll(() => countOf(5), { timeout: 5000 }).toBe(before);
    const sixBefore = await countOf(6);
    await ctx.db.update(ads).set({ subcategory_id: 6 }).where(eq(ads.id, ad.id));
    await expect
      .poll(async () => [await countOf(5), await countOf(6)], { timeout: 5000 })
      .toEqual([before - 1, sixBefore + 1]);
    await ctx.db.delete(ads).where(eq(ads.id, ad.id));
    await expect.poll(() => countOf(6), { timeout: 5000 }).toBe(sixBefore);
  });

  it("serves the catalog image it names, as WebP", async () => {
    const categories = (await ctx.app.inject({ url: "/api/categories/active" })).json<{ data: TCategory[] }>().data;
    const image = await ctx.app.inject({ url: categories[0]!.image_url! });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.subarray(8, 12).toString()).toBe("WEBP");
    expect(image.headers["cache-control"]).toContain("immutable");
  });

  it("is cacheable for 10 minutes and answers 304 to a matching ETag", async () => {
    const first = await ctx.app.inject({ url: "/api/categories/active" });
    expect(first.headers["cache-control"]).toBe("public, max-age=600");
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await ctx.app.inject({ url: "/api/categories/active", headers: { "if-none-match": etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
  });

  it("leaves out inactive subcategories", async () => {
    await ctx.db.update(subcategories).set({ active: false }).where(eq(subcategories.id, 2));
    const categoryIds = async () =>
      (await ctx.app.inject({ url: "/api/categories/active" }))
        .json<{ data: TCategory[] }>()
        .data.flatMap((category) => category.subcategories.map((sub) => sub.id));
    await expect.poll(categoryIds).not.toContain(2);
    const subs = (await ctx.app.inject({ url: "/api/subcategories/active" })).json<{ data: TSubcategory[] }>().data;
    expect(subs.map((sub) => sub.id)).not.toContain(2);
    await ctx.db.update(subcategories).set({ active: true }).where(eq(subcategories.id, 2));
    await expect.poll(categoryIds).toContain(2);
  });
});

describe("GET /api/subcategories/active", () => {
  it("lists active subcategories grouped in category order, with ETag caching", async () => {
    const response = await ctx.app.inject({ url: "/api/subcategories/active" });
    expect(response.statusCode).toBe(200);
    expect(response.headers.etag).toBeTruthy();
    const subs = response.json<{ data: TSubcategory[] }>().data;
    const categoryOrder = subs.map((sub) => sub.category_id);
    expect(categoryOrder).toEqual([...categoryOrder].sort((a, b) => a - b));
  });
});

describe("GET /api/ads/filters/subcategory/:id", () => {
  it("gives each attribute of the subcategory with its options, Yes/No for booleans, used values for free text", async () => {
    const response = await ctx.app.inject({ url: "/api/ads/filters/subcategory/1" });
    expect(response.statusCode).toBe(200);
    const filters = response.json<{ data: TFilterDefinition[] }>().data;
    const condition = filters.find((filter) => filter.name === "Condition")!;
    expect(condition.values).toEqual(["Brand New", "Foreign Used", "Liberian Used"]);

    const model = filters.find((filter) => filter.name === "Model")!;
    const [link] = await ctx.db
      .select()
      .from(subcategoryAttributes)
      .where(eq(subcategoryAttributes.attribute_id, model.id));
    const seller = await createUser(ctx.db);
    const ad = await createAd(ctx.db, { user_id: seller.id, subcategory_id: 1 });
    await ctx.db
      .insert(adAttributeValues)
      .values({ ad_id: ad.id, subcategory_attribute_id: link!.id, value: "Corolla" });
    const after = (await ctx.app.inject({ url: "/api/ads/filters/subcategory/1" })).json<{
      data: TFilterDefinition[];
    }>().data;
    expect(after.find((filter) => filter.name === "Model")!.values).toContain("Corolla");
  });

  it("answers 404 for an unknown subcategory and 422 for a non-numeric id", async () => {
    const missing = await ctx.app.inject({ url: "/api/ads/filters/subcategory/99999" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: "Subcategory not found." });
    const bad = await ctx.app.inject({ url: "/api/ads/filters/subcategory/abc" });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.subcategory_id).toEqual(["The subcategory id must be a number."]);
  });
});

describe("GET /api/locations", () => {
  it("lists Liberia's 15 counties, each with real areas and an 'Other in {county}' entry", async () => {
    const counties = (await ctx.app.inject({ url: "/api/locations" })).json<{ data: TCounty[] }>().data;
    expect(counties).toHaveLength(15);
    for (const county of counties) {
      expect(county.areas.map((area) => area.name)).toContain(`Other in ${county.name}`);
      expect(county.areas.length).toBeGreaterThan(3);
    }
    const montserrado = counties.find((county) => county.name === "Montserrado")!;
    expect(montserrado.areas.map((area) => area.name)).toEqual(
      expect.arrayContaining(["Sinkor", "Airfield", "Congo Town", "Paynesville", "Mamba Point", "Bushrod Island"]),
    );
  });
});

describe("seller and business lists", () => {
  it("ranks business sellers of a subcategory by their active ads, leaving out individuals", async () => {
    const big = await createUser(ctx.db, { name: "Big Motors", usertype_id: USER_TYPE.company });
    const small = await createUser(ctx.db, { name: "Small Motors", usertype_id: USER_TYPE.company });
    const person = await createUser(ctx.db, { name: "Just A Person" });
    for (let index = 0; index < 3; index++) await createAd(ctx.db, { user_id: big.id, subcategory_id: 4 });
    await createAd(ctx.db, { user_id: small.id, subcategory_id: 4 });
    await createAd(ctx.db, { user_id: small.id, subcategory_id: 4, status_id: AD_STATUS.hidden });
    await createAd(ctx.db, { user_id: person.id, subcategory_id: 4 });
    const response = await ctx.app.inject({ url: "/api/subcategories/featured-businesses/4" });
    expect(response.json().data).toEqual([
      { id: big.id, name: "Big Motors", profile_image: null },
      { id: small.id, name: "Small Motors", profile_image: null },
    ]);

    // A running business plan puts a company first in Top Brands, at once (decision 048); an ended one does not.
    const [plan] = await ctx.sql<Array<{ id: number }>>`select id from packages where type = 'user' limit 1`;
    const [subscription] = await ctx.sql<Array<{ id: number }>>`
      insert into subscriptions (user_id, package_id, type, status, start_date, end_date)
      values (${small.id}, ${plan!.id}, 'user', 'active', now(), now() + interval '30 days') returning id`;
    const featured = async () =>
      (await ctx.app.inject({ url: "/api/subcategories/featured-businesses/4" }))
        .json()
        .data.map((row: { id: number }) => row.id);
    await expect.poll(featured).toEqual([small.id, big.id]);
    await ctx.sql`update subscriptions set status = 'expired' where id = ${subscription!.id}`;
    await expect.poll(featured).toEqual([big.id, small.id]);
  });

  it("lists only the categories a seller has active ads in, with their own counts", async () => {
    const seller = await createUser(ctx.db, { name: "Seller" });
    await createAd(ctx.db, { user_id: seller.id, subcategory_id: 1 });
    await createAd(ctx.db, { user_id: seller.id, subcategory_id: 1 });
    await createAd(ctx.db, { user_id: seller.id, subcategory_id: 5 });
    await createAd(ctx.db, { user_id: seller.id, subcategory_id: 6, status_id: AD_STATUS.hidden });
    const categories = (await ctx.app.inject({ url: `/api/subcategories/user?user_id=${seller.id}` })).json<{
      data: TCategory[];
    }>().data;
    expect(
      categories.map((category) => [category.name, category.subcategories.map((sub) => [sub.id, sub.ads_count])]),
    ).toEqual([
      ["Vehicles", [[1, 2]]],
      ["Motorbikes & Keke", [[5, 1]]],
    ]);
    expect((await ctx.app.inject({ url: "/api/subcategories/user" })).statusCode).toBe(422);
  });
});
