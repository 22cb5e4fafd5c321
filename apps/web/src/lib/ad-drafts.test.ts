import type { TAdDetail } from "@waterside/shared/ads";
import { describe, expect, it } from "vitest";
import { emptyValues, valuesOfAd } from "./ad-drafts";

/** The fields of an ad the form is prefilled from. */
const ad = (fields: Pick<TAdDetail, "price" | "price_local" | "currency">) =>
  ({
    ...fields,
    title: "Rice, 25 kg bag",
    category_id: 7,
    subcategory_id: 31,
    location: "Red Light, Montserrado",
    description: "Butter rice, new stock.",
    attributes: [],
    images: [],
  }) as unknown as TAdDetail;

describe("valuesOfAd", () => {
  it("prefills an L$ ad with the seller's own amount and currency, never the US$ value (issue 30)", () => {
    const { values } = valuesOfAd(ad({ price: 100, price_local: 18700, currency: "LRD" }));
    expect(values).toMatchObject({ price: "18700", currency: "LRD" });
  });

  it("prefills a US$ ad as before", () => {
    const { values } = valuesOfAd(ad({ price: 450, price_local: 450, currency: "USD" }));
    expect(values).toMatchObject({ price: "450", currency: "USD" });
  });
});

describe("emptyValues", () => {
  it("starts a new ad in US$, the currency a client that sends none posts in", () => {
    expect(emptyValues.currency).toBe("USD");
  });
});
