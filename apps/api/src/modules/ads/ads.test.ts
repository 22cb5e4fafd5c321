import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { TAdDetail, TAdListItem, TSuggestion } from "@waterside/shared/ads";
import type { TPaged } from "@waterside/shared/api-envelope";
import { AD_STATUS, USER_TYPE } from "@waterside/shared/reference-ids";
import { adAttributeValues, ads } from "../../db/schema/ads.ts";
import { attributes, categories, subcategories } from "../../db/schema/catalog.ts";
import { createAd, createUser } from "../../test/factories.ts";
import { useTestApp } from "../../test/test-app.ts";

const ctx = useTestApp();
const days = (n: number) => new Date(Date.now() - n * 86_400_000);
let attributeId: Record<string, number>;
let businessId: number;

async function list(body: Record<string, unknown>) {
  const response = await ctx.app.inject({ method: "POST", url: "/api/ads/get", payload: body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: TPaged<TAdListItem> }>().data;
}
const titles = async (body: Record<string, unknown>) => (await list(body)).data.map((ad) => ad.title);

beforeAll(async () => {
  const individual = await createUser(ctx.db, { name: "Musu" });
  const business = await createUser(ctx.db, { name: "Red Light Motors", usertype_id: USER_TYPE.company });
  businessId = business.id;
  attributeId = Object.fromEntries(
    (
      await ctx.db
        .select()
        .from(attributes)
        .where(inArray(attributes.name, ["Brand", "Transmission"]))
    ).map((row) => [row.name, row.id]),
  );
  await createAd(ctx.db, {
    user_id: individual.id,
    subcategory_id: 1,
    title: "Toyota Corolla 2012",
    price: 5500,
    visibility_score: 10,
    created_at: days(3),
    attributeValues: { Brand: "Toyota", Transmission: "Automatic" },
    images: 3,
  });
  await createAd(ctx.db, {
    user_id: individual.id,
    subcategory_id: 1,
    title: "Nissan Sunny 2010",
    price: 3000,
    visibility_score: 50,
    created_at: days(1),
    area: "Paynesville",
    attributeValues: { Brand: "Nissan", Transmission: "Manual" },
  });
  await createAd(ctx.db, {
    user_id: business.id,
    subcategory_id: 1,
    title: "Honda Civic clean",
    price: 8000,
    visibility_score: 30,
    created_at: days(2),
    area: "Gbarnga",
    attributeValues: { Brand: "Honda", Transmission: "Automatic" },
  });
  await createAd(ctx.db, {
    user_id: business.id,
    subcategory_id: 2,
    title: "Toyota Land Cruiser V8",
    price: 25000,
    visibility_score: 90,
    created_at: days(5),
    description: "Strong SUV for bad roads.",
  });
  await createAd(ctx.db, {
    user_id: individual.id,
    subcategory_id: 1,
    title: "Hidden Toyota Yaris",
    status_id: AD_STATUS.hidden,
  });
  const [inactiveSub] = await ctx.db.select().from(subcategories).where(eq(subcategories.id, 3));
  await createAd(ctx.db, {
    user_id: individual.id,
    subcategory_id: inactiveSub!.id,
    title: "Toyota Hiace bus",
  });
  await ctx.db.update(subcategories).set({ active: false }).where(eq(subcategories.id, 3));
  const [phones] = await ctx.db.select().from(categories).where(eq(categories.name, "Phones & Tablets"));
  const [phoneSub] = await ctx.db.select().from(subcategories).where(eq(subcategories.category_id, phones!.id));
  await createAd(ctx.db, {
    user_id: individual.id,
    subcategory_id: phoneSub!.id,
    title: "Café Crème phone case",
    price: 5,
    created_at: days(0.5),
  });
});

describe("POST /api/ads/get", () => {
  it("lists active ads of active subcategories only, newest first by default, in the paged shape", async () => {
    const page = await list({});
    expect(page.data.map((ad) => ad.title)).toEqual([
      "Café Crème phone case",
      "Nissan Sunny 2010",
      "Honda Civic clean",
      "Toyota Corolla 2012",
      "Toyota Land Cruiser V8",
    ]);
    expect(page).toMatchObject({ current_page: 1, per_page: 30, total: 5, last_page: 1, next_page_url: null });
  });

  it("gives a card what it needs: title image in four sizes, subcategory with category, seller, status", async () => {
    const corolla = (await list({ search: "corolla" })).data[0]!;
    expect(corolla.images).toHaveLength(1);
    expect(corolla.images[0]).toMatchObject({
      order: 0,
      image_url: expect.stringMatching(/-large\.webp$/),
      card_url: expect.stringMatching(/-card\.webp$/),
      card_small_url: expect.stringMatching(/-card_small\.webp$/),
      thumbnail_url: expect.stringMatching(/-thumbnail\.webp$/),
    });
    expect(corolla).toMatchObject({
      price: 5500,
      location: "Sinkor, Montserrado",
      status: { id: AD_STATUS.active, name: "Active" },
      is_saved: false,
      subcategory: { id: 1, name: "Cars", category: { name: "Vehicles" } },
      user: { name: "Musu", usertype: { name: "Individual" } },
    });
  });

  it("filters by category, subcategory and seller", async () => {
    expect(await titles({ subcategory_id: 1 })).toEqual([
      "Nissan Sunny 2010",
      "Honda Civic clean",
      "Toyota Corolla 2012",
    ]);
    const vehicles = await titles({ category_id: 1 });
    expect(vehicles).toHaveLength(4);
    expect(vehicles).not.toContain("Toyota Hiace bus");
    expect(await titles({ user_id: businessId })).toEqual(["Honda Civic clean", "Toyota Land Cruiser V8"]);
  });

  it("ANDs attribute filters across attributes and ORs values within one", async () => {
    const either = await titles({ attributes: [{ id: attributeId.Brand, values: ["Toyota", "Nissan"] }] });
    expect(either).toEqual(["Nissan Sunny 2010", "Toyota Corolla 2012"]);
    const both = await titles({
      attributes: [
        { id: attributeId.Brand, values: ["Toyota", "Honda"] },
        { id: attributeId.Transmission, values: ["Automatic"] },
      ],
    });
    expect(both).toEqual(["Honda Civic clean", "Toyota Corolla 2012"]);
  });

  it("follows attribute values as they change, whoever writes them", async () => {
    const brand = { attributes: [{ id: attributeId.Brand, values: ["Mazda"] }] };
    expect(await titles(brand)).toEqual([]);
    await ctx.db.update(adAttributeValues).set({ value: "Mazda" }).where(eq(adAttributeValues.value, "Honda"));
    // Cached lists are dropped when PostgreSQL announces the change, a moment after commit.
    await expect.poll(() => titles(brand)).toEqual(["Honda Civic clean"]);
    expect(await titles({ search: "mazda" })).toEqual(["Honda Civic clean"]);
    await ctx.db.update(adAttributeValues).set({ value: "Honda" }).where(eq(adAttributeValues.value, "Mazda"));
    await expect.poll(() => titles(brand)).toEqual([]);
  });

  it("filters by price range, inclusive", async () => {
    expect(await titles({ price_min: 3000, price_max: 8000, sort_combined: "price|asc" })).toEqual([
      "Nissan Sunny 2010",
      "Toyota Corolla 2012",
      "Honda Civic clean",
    ]);
    expect(await titles({ price_min: 20000 })).toEqual(["Toyota Land Cruiser V8"]);
  });

  it("filters by county, by 'Area, County' and by area name", async () => {
    expect(await titles({ location: "Bong" })).toEqual(["Honda Civic clean"]);
    expect(await titles({ location: "Montserrado County", subcategory_id: 1 })).toEqual([
      "Nissan Sunny 2010",
      "Toyota Corolla 2012",
    ]);
    expect(await titles({ location: "Paynesville, Montserrado" })).toEqual(["Nissan Sunny 2010"]);
    expect(await titles({ location: "paynesville" })).toEqual(["Nissan Sunny 2010"]);
    expect(await titles({ location: "Atlantis" })).toEqual([]);
  });

  it("sorts by every field both ways, with sort_by/sort_order or sort_combined", async () => {
    expect(await titles({ subcategory_id: 1, sort_by: "price", sort_order: "asc" })).toEqual([
      "Nissan Sunny 2010",
      "Toyota Corolla 2012",
      "Honda Civic clean",
    ]);
    expect(await titles({ subcategory_id: 1, sort_combined: "price|desc" })).toEqual([
      "Honda Civic clean",
      "Toyota Corolla 2012",
      "Nissan Sunny 2010",
    ]);
    expect(await titles({ subcategory_id: 1, sort_combined: "visibility_score|desc" })).toEqual([
      "Nissan Sunny 2010",
      "Honda Civic clean",
      "Toyota Corolla 2012",
    ]);
    expect(await titles({ subcategory_id: 1, sort_combined: "visibility_score|asc" })).toEqual([
      "Toyota Corolla 2012",
      "Honda Civic clean",
      "Nissan Sunny 2010",
    ]);
    expect(await titles({ subcategory_id: 1, sort_combined: "created_at|asc" })).toEqual([
      "Toyota Corolla 2012",
      "Honda Civic clean",
      "Nissan Sunny 2010",
    ]);
    expect(await titles({ subcategory_id: 1, sort_combined: "created_at|desc" })).toEqual([
      "Nissan Sunny 2010",
      "Honda Civic clean",
      "Toyota Corolla 2012",
    ]);
  });

  it("pages: next_page_url until the last page, empty beyond it, per_page capped at 100", async () => {
    const first = await list({ per_page: 2 });
    expect(first).toMatchObject({
      current_page: 1,
      per_page: 2,
      total: 5,
      last_page: 3,
      next_page_url: "/api/ads/get?page=2",
    });
    const last = await list({ per_page: 2, page: 3 });
    expect(last.data).toHaveLength(1);
    expect(last.next_page_url).toBeNull();
    const beyond = await list({ per_page: 2, page: 9 });
    expect(beyond.data).toEqual([]);
    expect(beyond.next_page_url).toBeNull();
    expect((await list({ per_page: 5000 })).per_page).toBe(100);
  });

  it("finds ads by words anywhere, ranks title matches first, ignores case and accents, and tolerates typos", async () => {
    expect(await titles({ search: "toyota" })).toEqual(["Toyota Corolla 2012", "Toyota Land Cruiser V8"]);
    expect(await titles({ search: "bad roads" })).toEqual(["Toyota Land Cruiser V8"]);
    expect(await titles({ search: "automatic" })).toEqual(
      expect.arrayContaining(["Honda Civic clean", "Toyota Corolla 2012"]),
    );
    expect(await titles({ search: "CAFE creme" })).toEqual(["Café Crème phone case"]);
    expect(await titles({ search: "toyta" })).toEqual(
      expect.arrayContaining(["Toyota Corolla 2012", "Toyota Land Cruiser V8"]),
    );
    expect(await titles({ search: "corola" })).toEqual(["Toyota Corolla 2012"]);
    expect(await titles({ search: "toyota", sort_combined: "price|desc" })).toEqual([
      "Toyota Land Cruiser V8",
      "Toyota Corolla 2012",
    ]);
    expect(await titles({ search: "yaris" })).toEqual([]);
    // With a price range, the matches are filtered in memory; ranking and typo tolerance still apply.
    expect(await titles({ search: "toyota", price_min: 1, price_max: 100_000 })).toEqual([
      "Toyota Corolla 2012",
      "Toyota Land Cruiser V8",
    ]);
    expect(await titles({ search: "toyota", price_max: 6000 })).toEqual(["Toyota Corolla 2012"]);
    expect(await titles({ search: "corola", price_max: 6000 })).toEqual(["Toyota Corolla 2012"]);
    expect(await titles({ search: "corola", price_min: 6000 })).toEqual([]);
  });

  it("defines the home sections: for_you newest, trending by visibility, top_seller business sellers", async () => {
    expect((await titles({ section: "for_you" }))[0]).toBe("Café Crème phone case");
    expect(await titles({ section: "trending", per_page: 2 })).toEqual(["Toyota Land Cruiser V8", "Nissan Sunny 2010"]);
    expect(await titles({ section: "top_seller" })).toEqual(["Toyota Land Cruiser V8", "Honda Civic clean"]);
  });

  it("accepts the multipart form the spec's client sends, ignoring empty values", async () => {
    const form = new FormData();
    form.append("subcategory_id", "1");
    form.append("price_min", "");
    form.append("attributes[0][id]", String(attributeId.Brand));
    form.append("attributes[0][values][0]", "Honda");
    const request = new Request("http://x", { method: "POST", body: form });
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/ads/get",
      headers: { "content-type": request.headers.get("content-type")! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(response.json().data.data.map((ad: TAdListItem) => ad.title)).toEqual(["Honda Civic clean"]);
  });

  it("answers 422 with field messages for bad filters", async () => {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/ads/get",
      payload: { price_min: "cheap", sort_combined: "price|up", page: 0 },
    });
    expect(response.statusCode).toBe(422);
    const errors = response.json().errors;
    expect(errors.price_min).toEqual(["Must be a number."]);
    expect(errors.sort_combined).toEqual(["Sort must look like field|order, e.g. price|asc."]);
    expect(errors.page).toEqual(["The page must be 1 or more."]);
  });
});

describe("GET /api/ads/search (suggestions)", () => {
  const suggest = async (search: string) => {
    const response = await ctx.app.inject({ url: `/api/ads/search?search=${encodeURIComponent(search)}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: TSuggestion[] }>().data.map((suggestion) => suggestion.title);
  };

  it("suggests titles whose words start with what was typed, case- and accent-free", async () => {
    expect(await suggest("toy")).toEqual(expect.arrayContaining(["Toyota Corolla 2012", "Toyota Land Cruiser V8"]));
    expect(await suggest("toy")).not.toContain("Hidden Toyota Yaris");
    expect(await suggest("Toyota Cor")).toEqual(["Toyota Corolla 2012"]);
    expect(await suggest("CREME")).toEqual(["Café Crème phone case"]);
  });

  it("reads letters that unaccent into search syntax as plain text, never a 500", async () => {
    // U+02BC unaccents to a quote and U+1ED04 to "(1)": both once broke the prefix query.
    for (const search of ["to\u02BCyota", "\u{1ED04}\u{1ED04}\u{1ED04}", "\u02BC\u02BC\u02BC", "nissan \u{1ED04}(1)"]) {
      expect(await suggest(search)).toEqual(expect.any(Array));
    }
  });

  it("tolerates typos when no word starts that way, from 5 letters on", async () => {
    expect(await suggest("corola")).toEqual(["Toyota Corolla 2012"]);
    expect(await suggest("nissn")).toEqual(["Nissan Sunny 2010"]);
    expect(await suggest("nisn")).toEqual([]);
  });

  it("puts the most common title first and follows ads as they are posted, renamed, hidden and deleted", async () => {
    const seller = await createUser(ctx.db, { name: "Kebeh" });
    const cow = await createAd(ctx.db, { user_id: seller.id, title: "Zebu cow for sale" });
    const dresses = [
      await createAd(ctx.db, { user_id: seller.id, title: "Zebra print dress" }),
      await createAd(ctx.db, { user_id: seller.id, title: "Zebra print dress" }),
    ];
    expect(await suggest("zeb")).toEqual(["Zebra print dress", "Zebu cow for sale"]);

    await ctx.db.update(ads).set({ title: "Brahman cow for sale" }).where(eq(ads.id, cow.id));
    expect(await suggest("zebu")).toEqual([]);
    expect(await suggest("brah")).toEqual(["Brahman cow for sale"]);

    await ctx.db.update(ads).set({ status_id: AD_STATUS.hidden }).where(eq(ads.id, cow.id));
    expect(await suggest("brahm")).toEqual([]);

    await ctx.db.delete(ads).where(eq(ads.id, dresses[0]!.id));
    expect(await suggest("zebr")).toEqual(["Zebra print dress"]);
    await ctx.db.delete(ads).where(eq(ads.id, dresses[1]!.id));
    expect(await suggest("zebra")).toEqual([]);
  });

  it("needs more than 2 characters", async () => {
    const response = await ctx.app.inject({ url: "/api/ads/search?search=to" });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.search).toEqual(["Type at least 3 characters."]);
  });
});

describe("GET /api/ads/id/:id", () => {
  it("returns the ad with all images in order, named attributes, category and seller", async () => {
    const [corolla] = (await list({ search: "corolla" })).data;
    const response = await ctx.app.inject({ url: `/api/ads/id/${corolla!.id}?load=lastest_subscription` });
    expect(response.statusCode).toBe(200);
    const ad = response.json<{ data: TAdDetail }>().data;
    expect(ad.images.map((image) => image.order)).toEqual([0, 1, 2]);
    expect(ad.attributes.map((attribute) => [attribute.attribute.name, attribute.value])).toEqual([
      ["Brand", "Toyota"],
      ["Transmission", "Automatic"],
    ]);
    expect(ad).toMatchObject({
      title: "Toyota Corolla 2012",
      description: "Clean car, no issues.",
      subcategory: { name: "Cars", category: { name: "Vehicles" } },
      user: { name: "Musu", usertype: { name: "Individual" }, created_at: expect.any(String) },
      status: { name: "Active" },
    });
  });

  it("is a 404 for an unknown ad, a hidden one and one in an inactive subcategory", async () => {
    const hidden = await createAd(ctx.db, { user_id: businessId, title: "Secret", status_id: AD_STATUS.hidden });
    const inactive = await createAd(ctx.db, { user_id: businessId, subcategory_id: 3, title: "Bus" });
    for (const id of [999_999, hidden.id, inactive.id]) {
      const response = await ctx.app.inject({ url: `/api/ads/id/${id}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: "Ad not found." });
    }
  });
});

describe("price units (decision 067)", () => {
  it("says what a price is for where its subcategory quotes by the period, in lists and on the ad page", async () => {
    const [rooms] = await ctx.db.select().from(subcategories).where(eq(subcategories.name, "Rooms for Rent"));
    const [shortStay] = await ctx.db.select().from(subcategories).where(eq(subcategories.name, "Short Stay"));
    const landlord = await createUser(ctx.db, { name: "Landlord" });
    const room = await createAd(ctx.db, {
      user_id: landlord.id,
      category_id: rooms!.category_id,
      subcategory_id: rooms!.id,
      title: "Room and parlor in Paynesville",
      price: 45,
    });
    const stay = await createAd(ctx.db, {
      user_id: landlord.id,
      category_id: shortStay!.category_id,
      subcategory_id: shortStay!.id,
      title: "Furnished apartment per night",
      price: 60,
    });
    const listed = (await list({ user_id: landlord.id })).data;
    expect(listed.map((ad) => [ad.title, ad.subcategory.price_unit]).sort()).toEqual([
      ["Furnished apartment per night", "night"],
      ["Room and parlor in Paynesville", "month"],
    ]);
    const page = (await ctx.app.inject({ url: `/api/ads/id/${room.id}` })).json().data as TAdDetail;
    expect(page.subcategory.price_unit).toBe("month");
    // A car is sold for its price: no unit.
    const corolla = (await list({ search: "corolla" })).data[0]!;
    expect(corolla.subcategory.price_unit).toBeNull();
    expect(stay.id).toBeGreaterThan(0);
  });
});
