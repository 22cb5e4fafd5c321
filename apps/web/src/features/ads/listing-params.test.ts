import { describe, expect, it } from "vitest";
import { filtersFromUrl, priceCurrencyOf, withoutParam } from "./listing-params";

describe("filtersFromUrl", () => {
  it("reads a Number attribute's range beside the chosen values of others, as POST /ads/get takes them", () => {
    const filters = filtersFromUrl(new URLSearchParams("f7_min=2010&f7_max=2015&f3=Toyota&f3=Honda&f9_max=100000"));
    expect(filters.attributes).toEqual([
      { id: 7, min: 2010, max: 2015 },
      { id: 3, values: ["Toyota", "Honda"] },
      { id: 9, max: 100000 },
    ]);
  });

  it("drops bounds that are empty or not numbers, and reads reversed bounds as the range between them", () => {
    expect(filtersFromUrl(new URLSearchParams("f7_min=&f7_max=new")).attributes).toBeUndefined();
    expect(filtersFromUrl(new URLSearchParams("f7_min=2015&f7_max=2010")).attributes).toEqual([
      { id: 7, min: 2010, max: 2015 },
    ]);
  });

  it("asks for verified sellers only when the address says verified_sellers=true, and otherwise leaves it out", () => {
    expect(filtersFromUrl(new URLSearchParams("verified_sellers=true")).verified_sellers).toBe(true);
    expect(filtersFromUrl(new URLSearchParams("verified_sellers=no"))).not.toHaveProperty("verified_sellers");
    expect(filtersFromUrl(new URLSearchParams(""))).not.toHaveProperty("verified_sellers");
  });

  it("sends the bounds' currency when the address names L$ (issue 30), and leaves it out for US$ or without bounds", () => {
    expect(filtersFromUrl(new URLSearchParams("price_min=2000&price_max=5000&price_currency=LRD"))).toMatchObject({
      price_min: 2000,
      price_max: 5000,
      price_currency: "LRD",
    });
    expect(filtersFromUrl(new URLSearchParams("price_max=5000&price_currency=LRD")).price_currency).toBe("LRD");
    expect(filtersFromUrl(new URLSearchParams("price_max=50&price_currency=USD"))).not.toHaveProperty("price_currency");
    expect(filtersFromUrl(new URLSearchParams("price_max=50&price_currency=EUR"))).not.toHaveProperty("price_currency");
    expect(filtersFromUrl(new URLSearchParams("price_currency=LRD"))).not.toHaveProperty("price_currency");
    expect(filtersFromUrl(new URLSearchParams("price_max=50"))).not.toHaveProperty("price_currency");
  });
});

describe("priceCurrencyOf", () => {
  it("reads the address's price currency, US$ when it names none or one that is not Liberia's", () => {
    expect(priceCurrencyOf(new URLSearchParams("price_currency=LRD"))).toBe("LRD");
    expect(priceCurrencyOf(new URLSearchParams("price_currency=USD"))).toBe("USD");
    expect(priceCurrencyOf(new URLSearchParams("price_currency=lrd"))).toBe("USD");
    expect(priceCurrencyOf(new URLSearchParams(""))).toBe("USD");
  });
});

describe("withoutParam", () => {
  it("removes both bounds of a range at once, back to page 1", () => {
    expect(withoutParam(new URLSearchParams("f7_min=1&f7_max=2&page=3&sort=price|asc"), ["f7_min", "f7_max"])).toBe(
      "?sort=price%7Casc",
    );
  });
});
