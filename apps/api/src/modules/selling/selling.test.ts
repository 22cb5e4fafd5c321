import { readdir } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { AD_STATUS, USER_STATUS } from "@waterside/shared/reference-ids";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { ads } from "../../db/schema/ads.ts";
import { attributes, subcategories, subcategoryAttributes } from "../../db/schema/catalog.ts";
import { users } from "../../db/schema/users.ts";
import { carAdFields, findCars, type Cars } from "../../test/car-ad.ts";
import { signedInUser } from "../../test/factories.ts";
import { multipart } from "../../test/multipart.ts";
import { useTestApp } from "../../test/test-app.ts";

const ctx = useTestApp();
let cars: Cars;
beforeAll(async () => {
  cars = await findCars(ctx.db);
});

const picture = (color: string, format: "png" | "jpeg" = "png") => {
  const image = sharp({ create: { width: 64, height: 48, channels: 3, background: color } });
  return (format === "png" ? image.png() : image.jpeg()).toBuffer();
};
const colorOf = async (url: string) => {
  const file = path.join(inject("mediaDir"), url.replace(/^\/media\//, ""));
  const { dominant } = await sharp(file).stats();
  return dominant.r > 200 ? "red" : dominant.g > 200 ? "green" : dominant.b > 200 ? "blue" : "other";
};
const storedAdFiles = async () => (await readdir(path.join(inject("mediaDir"), "ads")).catch(() => [])).length;

let sequence = 0;
const fields = (overrides: Record<string, string> = {}) =>
  carAdFields(cars, { title: `Toyota Corolla 2014 number ${++sequence}`, ...overrides });

async function send(
  url: string,
  headers: Record<string, string>,
  values: Record<string, string>,
  files: Array<[string, Buffer, string]>,
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) form.append(key, value);
  for (const [key, body, name] of files) form.append(key, new Blob([body]), name);
  const body = await multipart(form);
  return ctx.app.inject({ method: "POST", url, headers: { ...headers, ...body.headers }, payload: body.payload });
}

const threePictures = async (): Promise<Array<[string, Buffer, string]>> => [
  ["images[]", await picture("#ff0000"), "red.jpg"],
  ["images[]", await picture("#00ff00"), "green.jpg"],
  ["images[]", await picture("#0000ff"), "blue.jpg"],
];

describe("posting an ad", () => {
  it("creates an active ad with its pictures in order (a PNG named .jpg is fine) that search finds at once", async () => {
    const { headers } = await signedInUser(ctx.app, ctx.db);
    const title = "Spotless Toyota Corolla Axio for sale";
    const response = await send("/api/ads/create", headers, fields({ title }), await threePictures());
    expect(response.statusCode).toBe(201);
    const { data, message } = response.json();
    expect(message).toBe("Ad Created!");
    expect(data).toMatchObject({ title, price: 6500, location: "Sinkor, Montserrado", status: { name: "Active" } });
    expect(await Promise.all(data.images.map((image: { image_url: string }) => colorOf(image.image_url)))).toEqual([
      "red",
      "green",
      "blue",
    ]);
    expect(data.attributes.map((value: { attribute: { name: string } }) => value.attribute.name)).toEqual(
      expect.arrayContaining(["Brand", "Year", "Condition", "Transmission"]),
    );
    await expect
      .poll(async () => {
        const found = await ctx.app.inject({
          method: "POST",
          url: "/api/ads/get",
          payload: { search: "spotless axio" },
        });
        return found.json().data.data.map((ad: { id: number }) => ad.id);
      })
      .toContain(data.id);
  });

  it.each([
    [{ title: "" }, "title", "Title is required"],
    [{ category_id: "" }, "category_id", "Category is required"],
    [{ subcategory_id: "" }, "subcategory_id", "Subcategory is required"],
    [{ location: "" }, "location", "Location is required"],
    [{ price: "" }, "price", "Price is required"],
    [{ price: "-5" }, "price", "Price must be a number of 0 or more"],
    [{ description: "" }, "description", "Description is required"],
  ])("refuses %o with the wizard's message", async (overrides, field, message) => {
    const { headers } = await signedInUser(ctx.app, ctx.db);
    const response = await send("/api/ads/create", headers, fields(overrides), await threePictures());
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[field]).toContain(message);
  });

  it("stores a phone photo in the ad page's gallery sizes, which lists do not carry", async () => {
    const { headers } = await signedInUser(ctx.app, ctx.db);
    // A phone camera's photo: larger than any size, red on the left and blue on the right.
    const phonePhoto = (left: string) =>
      sharp({ create: { width: 2000, height: 1500, channels: 3, background: left } })
        .composite([
          {
            input: { create: { width: 1000, height: 1500, channels: 3, background: "#0000ff" } },
            left: 1000,
            top: 0,
          },
        ])
        .jpeg()
        .toBuffer();
    const title = "Toyota Corolla 2016 with sharp photos";
    const posted = await send("/api/ads/create", headers, fields({ title }), [
      ["images[]", await phonePhoto("#ff0000"), "front.jpg"],
      ["images[]", await phonePhoto("#ff0000"), "side.jpg"],
    ]);
    expect(posted.statusCode).toBe(201);

    const page = (await ctx.app.inject({ url: `/api/ads/id/${posted.json().data.id}` })).json().data;
    expect(page.images).toHaveLength(2);
    for (const image of page.images) {
      // The fields the mobile app reads are unchanged.
      expect(image).toMatchObject({
        image_url: expect.stringMatching(/-large\.webp$/),
        card_url: expect.stringMatching(/-card\.webp$/),
        thumbnail_url: expect.stringMatching(/-thumbnail\.webp$/),
      });
      for (const [field, width, height] of [
        ["gallery_url", 768, 576],
        ["gallery_large_url", 1080, 810],
      ] as const) {
        const served = await ctx.app.inject({ url: image[field] });
        expect(served.statusCode, field).toBe(200);
        const body = served.rawPayload;
        const metadata = await sharp(body).metadata();
        expect([metadata.format, metadata.width, metadata.height], field).toEqual(["webp", width, height]);
        // The whole photo, cut to 4:3 around its centre: red on the left, blue on the right.
        const half = async (left: number) =>
          sharp(
            await sharp(body)
              .extract({ left, top: 0, width: width / 2, height })
              .toBuffer(),
          ).stats();
        expect((await half(0)).dominant, field).toMatchObject({ r: expect.toSatisfy((r: number) => r > 200) });
        expect((await half(width / 2)).dominant, field).toMatchObject({ b: expect.toSatisfy((b: number) => b > 200) });
      }
    }

    // Lists keep to their card sizes: the gallery's are the ad page's alone.
    const listed = await ctx.app.inject({ method: "POST", url: "/api/ads/get", payload: { user_id: page.user_id } });
    const [card] = listed.json().data.data[0].images;
    expect(card.card_small_url).toMatch(/-card_small\.webp$/);
    expect(card).not.toHaveProperty("gallery_url");
    expect(card).not.toHaveProperty("gallery_large_url");
  });

  it("checks the catalog, the place and every attribute against its type and options", async () => {
    const { headers } = await signedInUser(ctx.app, ctx.db);
    const pictures = await threePictures();
    const refused = await send(
      "/api/ads/create",
      headers,
      fields({
        category_id: String(cars.category_id + 1),
        location: "Nowhere, Atlantis",
        "attributes[Brand]": "",
        "attributes[Year]": "twenty fourteen",
        "attributes[Condition]": "Like new",
      }),
      pictures,
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toMatchObject({
      subcategory_id: ["Choose a subcategory of the chosen category."],
      location: ["Choose a location from the list."],
      "attributes.Brand": ["Brand is required"],
      "attributes.Year": ["Year must be a number"],
      "attributes.Condition": ["Condition must be one of its options"],
    });
    const tooLong = await send(
      "/api/ads/create",
      headers,
      fields({ "attributes[Transmission]": "x".repeat(101) }),
      await threePictures(),
    );
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors["attributes.Transmission"]).toEqual(["At most 100 characters."]);

    const [boolean] = await ctx.db
      .select({ subcategory_id: subcategoryAttributes.subcategory_id, category_id: subcategories.category_id })
      .from(subcategoryAttributes)
      .innerJoin(attributes, eq(attributes.id, subcategoryAttributes.attribute_id))
      .innerJoin(subcategories, eq(subcategories.id, subcategoryAttributes.subcategory_id))
      .where(and(eq(attributes.name, "Registered"), eq(subcategoryAttributes.is_required, false)));
    const notYesNo = await send(
      "/api/ads/create",
      headers,
      {
        ...fields({ category_id: String(boolean!.category_id), subcategory_id: String(boolean!.subcategory_id) }),
        "attributes[Registered]": "Maybe",
      },
      pictures,
    );
    expect(notYesNo.json().errors["attributes.Registered"]).toEqual(["Registered must be Yes or No"]);
  });

  it("takes every place the listing filter takes: an area alone, a county alone, and names an ambiguous area's choices", async () => {
    const { headers } = await signedInUser(ctx.app, ctx.db);
    const placed = async (location: string) => {
      const response = await send("/api/ads/create", headers, fields({ location }), await threePictures());
      return { status: response.statusCode, body: response.json() };
    };
    expect(await placed("sinkor")).toMatchObject({ status: 201, body: { data: { location: "Sinkor, Montserrado" } } });
    expect(await placed("Bong County")).toMatchObject({
      status: 201,
      body: { data: { location: "Other in Bong, Bong" } },
    });
    expect(await placed("Cavalla")).toMatchObject({
      status: 422,
      body: {
        errors: {
          location: ["This place is in more than one county: choose Cavalla, Grand Gedeh or Cavalla, Maryland."],
        },
      },
    });
    expect((await placed("Cavalla, Maryland")).status).toBe(201);
  });

  it("tells the wizard which attributes a subcategory asks for, with their options", async () => {
    const response = await ctx.app.inject({ method: "GET", url: `/api/subcategories/${cars.id}/attributes` });
    const byName = Object.fromEntries(
      response.json().data.map((entry: { attribute: { name: string } }) => [entry.attribute.name, entry]),
    );
    expect(byName.Brand).toMatchObject({
      is_required: true,
      is_restricted: false,
      attribute: { attribute_type: { name: "Text" } },
    });
    expect(byName.Condition.options.map((option: { value: string }) => option.value)).toEqual([
      "Brand New",
      "Foreign Used",
      "Liberian Used",
    ]);
    expect(byName.Year.attribute.attribute_type.name).toBe("Number");
  });

  it("needs 2 to 8 real pictures, read by their content", async () => {
    const { headers } = await signedInUser(ctx.app, ctx.db);
    const one = await send("/api/ads/create", headers, fields(), [["images[]", await picture("#ff0000"), "a.jpg"]]);
    expect(one.json().errors.images).toEqual(["Please upload at least two images."]);
    const nine = await send(
      "/api/ads/create",
      headers,
      fields(),
      await Promise.all(
        Array.from(
          { length: 9 },
          async (_, i) => ["images[]", await picture("#00ff00"), `${i}.jpg`] as [string, Buffer, string],
        ),
      ),
    );
    expect(nine.json().errors.images).toEqual(["You can upload at most 8 images."]);

    const before = await storedAdFiles();
    const text = await send("/api/ads/create", headers, fields({ title: "Text pretending" }), [
      ["images[]", await picture("#ff0000"), "a.jpg"],
      ["images[]", Buffer.from("this is not a photo at all"), "b.jpg"],
    ]);
    expect(text.statusCode).toBe(422);
    expect(text.json().errors["images.1"]).toEqual([expect.stringMatching(/^The file is not an image/)]);
    expect(await ctx.db.select().from(ads).where(eq(ads.title, "Text pretending"))).toEqual([]);
    expect(await storedAdFiles()).toBe(before);
  });

  it("a failure midway leaves no partial ad and no stored pictures", async () => {
    const { headers } = await signedInUser(ctx.app, ctx.db);
    // The database refuses the picture rows after the ad row was written: the whole post must roll back.
    await ctx.sql.unsafe(`
      create function refuse_images() returns trigger language plpgsql as $$ begin raise exception 'disk full'; end $$;
      create trigger refuse_images before insert on ad_images for each row execute function refuse_images();`);
    const before = await storedAdFiles();
    try {
      const response = await send(
        "/api/ads/create",
        headers,
        fields({ title: "Doomed generator" }),
        await threePictures(),
      );
      expect(response.statusCode).toBe(500);
    } finally {
      await ctx.sql.unsafe(`drop trigger refuse_images on ad_images; drop function refuse_images();`);
    }
    expect(await ctx.db.select().from(ads).where(eq(ads.title, "Doomed generator"))).toEqual([]);
    expect(await storedAdFiles()).toBe(before);
  });

  it("a banned seller cannot post", async () => {
    const { user, headers } = await signedInUser(ctx.app, ctx.db);
    await ctx.db.update(users).set({ status_id: USER_STATUS.banned }).where(eq(users.id, user.id));
    const response = await send(
      "/api/ads/create",
      headers,
      fields({ title: "Banned seller's phone" }),
      await threePictures(),
    );
    expect(response.statusCode).toBe(401);
    expect(await ctx.db.select().from(ads).where(eq(ads.title, "Banned seller's phone"))).toEqual([]);
  });

  it("refuses the same ad posted twice within a day", async () => {
    const { headers } = await signedInUser(ctx.app, ctx.db);
    const same = fields({ title: "Honda generator 5kVA" });
    expect((await send("/api/ads/create", headers, same, await threePictures())).statusCode).toBe(201);
    const twin = await send("/api/ads/create", headers, same, await threePictures());
    expect(twin.statusCode).toBe(409);
    expect(twin.json().message).toBe("You already posted this ad in the last 24 hours.");
  });
});

describe("editing and deleting an ad", () => {
  async function postAd(headers: Record<string, string>) {
    const response = await send("/api/ads/create", headers, fields(), await threePictures());
    return response.json().data as { id: number; images: Array<{ id: number; image_url: string }> };
  }

  it("reorders, adds and removes pictures, changes the price, and deletes the removed files", async () => {
    const { headers } = await signedInUser(ctx.app, ctx.db);
    const ad = await postAd(headers);
    const [red, green, blue] = ad.images;
    const response = await send(
      `/api/ads/${ad.id}`,
      headers,
      {
        ...fields({ price: "5900" }),
        _method: "patch",
        ad_id: String(ad.id),
        "images[update][0][id]": String(blue!.id),
        "images[update][0][order]": "0",
        "images[update][1][id]": String(red!.id),
        "images[update][1][order]": "2",
        "images[upload][0][order]": "1",
      },
      [["images[upload][0][file]", await picture("#00ff00", "jpeg"), "new.jpg"]],
    );
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.price).toBe(5900);
    expect(await Promise.all(data.images.map((image: { image_url: string }) => colorOf(image.image_url)))).toEqual([
      "blue",
      "green",
      "red",
    ]);
    expect(data.images.map((image: { id: number }) => image.id)).not.toContain(green!.id);
    const removed = await ctx.app.inject({ method: "GET", url: green!.image_url });
    expect(removed.statusCode).toBe(404);

    const tooFew = await send(
      `/api/ads/${ad.id}`,
      headers,
      { ...fields(), _method: "patch", "images[update][0][id]": String(blue!.id), "images[update][0][order]": "0" },
      [],
    );
    expect(tooFew.json().errors.images).toEqual(["Please upload at least two images."]);

    const twice = await send(
      `/api/ads/${ad.id}`,
      headers,
      {
        ...fields(),
        _method: "patch",
        "images[update][0][id]": String(blue!.id),
        "images[update][0][order]": "0",
        "images[update][1][id]": String(blue!.id),
        "images[update][1][order]": "1",
      },
      [],
    );
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors["images.update"]).toEqual(["Each image can be kept only once."]);
    expect((await ctx.app.inject({ url: `/api/ads/id/${ad.id}` })).json().data.images).toHaveLength(3);
  });

  it("only the seller edits or deletes; the seller still sees a hidden ad, others do not", async () => {
    const seller = await signedInUser(ctx.app, ctx.db);
    const other = await signedInUser(ctx.app, ctx.db);
    const ad = await postAd(seller.headers);
    const edit = await send(`/api/ads/${ad.id}`, other.headers, { ...fields(), _method: "patch" }, []);
    expect(edit.statusCode).toBe(403);
    expect(
      (await ctx.app.inject({ method: "DELETE", url: `/api/ads/${ad.id}`, headers: other.headers })).statusCode,
    ).toBe(403);
    expect((await ctx.app.inject({ method: "DELETE", url: `/api/ads/${ad.id}` })).statusCode).toBe(401);

    await ctx.db.update(ads).set({ status_id: AD_STATUS.hidden }).where(eq(ads.id, ad.id));
    const own = await ctx.app.inject({
      method: "GET",
      url: `/api/ads/id/${ad.id}?load=lastest_subscription`,
      headers: seller.headers,
    });
    expect(own.json().data).toMatchObject({ id: ad.id, status: { name: "Hidden" }, lastest_subscription: null });
    expect(
      (await ctx.app.inject({ method: "GET", url: `/api/ads/id/${ad.id}`, headers: other.headers })).statusCode,
    ).toBe(404);

    const mine = await ctx.app.inject({ method: "GET", url: "/api/ads/mine", headers: seller.headers });
    expect(mine.json().data).toMatchObject({ total: 1, counts: { all: 1, active: 0, hidden: 1 } });

    const deleted = await ctx.app.inject({ method: "DELETE", url: `/api/ads/${ad.id}`, headers: seller.headers });
    expect(deleted.json().message).toBe("Ad Deleted successfuly!");
    expect((await ctx.app.inject({ method: "GET", url: ad.images[0]!.image_url })).statusCode).toBe(404);
    expect(
      (await ctx.app.inject({ method: "GET", url: `/api/ads/id/${ad.id}`, headers: seller.headers })).statusCode,
    ).toBe(404);
  });

  it("limits how fast one seller posts and edits", async () => {
    const seller = await signedInUser(ctx.app, ctx.db);
    const { headers } = await signedInUser(ctx.app, ctx.db);
    const ad = await postAd(seller.headers);
    const statuses = [];
    for (let attempt = 0; attempt < 21; attempt++) {
      statuses.push((await send(`/api/ads/${ad.id}`, headers, { ...fields(), _method: "patch" }, [])).statusCode);
    }
    expect(statuses.slice(0, 20).every((status) => status === 403)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
