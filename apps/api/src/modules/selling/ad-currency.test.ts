import sharp from "sharp";
import { SELLING_MESSAGES } from "@waterside/shared/selling-messages";
import { ZAdForm } from "@waterside/shared/selling";
import { ZAdDetail } from "@waterside/shared/ads";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { subcategories } from "../../db/schema/catalog.ts";
import { signedInAdmin, signedInUser } from "../../test/factories.ts";
import { multipart } from "../../test/multipart.ts";
import { useTestApp } from "../../test/test-app.ts";

const ctx = useTestApp();
let rice: { id: number; category_id: number };
let adminHeaders: Record<string, string>;
beforeAll(async () => {
  const [found] = await ctx.db
    .select({ id: subcategories.id, category_id: subcategories.category_id })
    .from(subcategories)
    .where(eq(subcategories.name, "Rice & Grains"));
  rice = found!;
  adminHeaders = (await signedInAdmin(ctx.app, ctx.db)).headers;
});

let sequence = 0;
/** The spec's form fields (selling §"Ad (form)"), and nothing else unless a test adds it. */
const specFields = (overrides: Record<string, string> = {}) => ({
  title: `Bag of parboiled rice number ${++sequence}`,
  category_id: String(rice.category_id),
  subcategory_id: String(rice.id),
  location: "Sinkor, Montserrado",
  price: "18700",
  description: "25 kg bag, sealed, delivered in Sinkor.",
  "attributes[Product]": "Parboiled Rice",
  ...overrides,
});

async function send(method: "POST" | "PATCH", url: string, headers: Record<string, string>, values: object) {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) form.append(key, String(value));
  for (const [index, color] of ["#ff0000", "#00ff00"].entries()) {
    const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: color } })
      .png()
      .toBuffer();
    form.append(method === "POST" ? "images[]" : `images[upload][${index}][file]`, new Blob([image]), "photo.png");
  }
  const body = await multipart(form);
  return ctx.app.inject({ method, url, headers: { ...headers, ...body.headers }, payload: body.payload });
}

const setRate = async (usdLrd: number) => {
  const response = await ctx.app.inject({
    method: "POST",
    url: "/api/admin/exchange-rates",
    headers: adminHeaders,
    payload: { usd_lrd: usdLrd },
  });
  expect(response.statusCode).toBe(201);
};

describe("an ad's currency (issue 30, decision 088)", () => {
  it("refuses an L$ price before any rate is set, and a currency that is neither, on the currency field", async () => {
    const { headers } = await signedInUser(ctx.app, ctx.db);
    const noRate = await send("POST", "/api/ads/create", headers, specFields({ currency: "LRD" }));
    expect(noRate.statusCode).toBe(422);
    expect(noRate.json().errors).toEqual({ currency: [SELLING_MESSAGES.currencyNoRate] });
    const unknown = await send("POST", "/api/ads/create", headers, specFields({ currency: "EUR" }));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ currency: [SELLING_MESSAGES.currencyInvalid] });
  });

  it("CONTRACT: a client that knows only the spec's fields posts in US$ and reads an L$ ad's price as US$", async () => {
    await setRate(187);
    const { headers } = await signedInUser(ctx.app, ctx.db);
    // The spec's form has no currency: the ad is in US$ as before.
    const plain = await send("POST", "/api/ads/create", headers, specFields({ price: "100" }));
    expect(plain.statusCode).toBe(201);
    expect(plain.json().data).toMatchObject({ price: 100, currency: "USD", price_local: 100 });

    // A seller priced this one in L$ 18,700; a price-only client reads it through the spec's fields alone.
    const local = await send("POST", "/api/ads/create", headers, specFields({ currency: "LRD" }));
    expect(local.statusCode).toBe(201);
    const id = local.json().data.id as number;
    const specOnly = ZAdDetail.pick({ id: true, title: true, price: true });
    for (const response of [
      await ctx.app.inject({ url: `/api/ads/id/${id}` }),
      await ctx.app.inject({ method: "POST", url: "/api/ads/get", payload: { search: local.json().data.title } }),
    ]) {
      const body = response.json().data;
      const ad = specOnly.parse("data" in body ? body.data.find((item: { id: number }) => item.id === id) : body);
      // US$ 100 (L$ 18,700 at L$ 187), never 18,700 shown with a "$".
      expect(ad.price).toBe(100);
    }
    expect(ZAdForm.parse(specFields()).currency).toBe("USD");
  });

  it("keeps the currency on create and update: price_local is the amount, price its US$ value to the cent", async () => {
    await setRate(190);
    const { headers } = await signedInUser(ctx.app, ctx.db);
    const created = await send("POST", "/api/ads/create", headers, specFields({ currency: "LRD", price: "18700" }));
    expect(created.statusCode).toBe(201);
    const { id } = created.json().data;
    // L$ 18,700 at L$ 190 is US$ 98.421…: 98.42.
    expect(created.json().data).toMatchObject({ currency: "LRD", price_local: 18700, price: 98.42 });

    const edit = (fields: Record<string, string>) => send("PATCH", `/api/ads/${id}`, headers, specFields(fields));
    const toUsd = await edit({ currency: "USD", price: "95" });
    expect(toUsd.statusCode).toBe(200);
    expect(toUsd.json().data).toMatchObject({ currency: "USD", price_local: 95, price: 95 });
    const back = await edit({ currency: "LRD", price: "19000" });
    expect(back.json().data).toMatchObject({ currency: "LRD", price_local: 19000, price: 100 });
    // An edit without a currency (a spec-only client) writes US$, as the spec says prices are.
    const specEdit = await edit({ price: "120" });
    expect(specEdit.json().data).toMatchObject({ currency: "USD", price_local: 120, price: 120 });

    const mine = await ctx.app.inject({ url: "/api/ads/mine", headers });
    expect(mine.json().data.data.find((ad: { id: number }) => ad.id === id)).toMatchObject({
      currency: "USD",
      price_local: 120,
    });
  });
});
