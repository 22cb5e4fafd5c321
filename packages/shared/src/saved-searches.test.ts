import { describe, expect, it } from "vitest";
import { savedSearchPath, searchPriceWords } from "./saved-searches.ts";

describe("searchPriceWords", () => {
  it("writes L$ bounds as Liberian dollars and US$ bounds as dollars (issue 30)", () => {
    expect(searchPriceWords({ price_max: 5000, price_currency: "LRD" })).toBe("under L$ 5,000");
    expect(searchPriceWords({ price_min: 2000, price_currency: "LRD" })).toBe("over L$ 2,000");
    expect(searchPriceWords({ price_min: 2000, price_max: 6000, price_currency: "LRD" })).toBe("L$ 2,000–L$ 6,000");
    expect(searchPriceWords({ price_max: 6000 })).toBe("under $6,000");
    expect(searchPriceWords({ price_max: 6000, price_currency: "USD" })).toBe("under $6,000");
    expect(searchPriceWords({ price_currency: "LRD" })).toBeNull();
  });
});

describe("savedSearchPath", () => {
  it("keeps the bounds' currency, so an L$ search opened from an alert runs in L$", () => {
    expect(savedSearchPath({ category_id: 3, subcategory_id: 12, price_max: 5000, price_currency: "LRD" })).toBe(
      "/categories/3/12?price_max=5000&price_currency=LRD",
    );
    expect(savedSearchPath({ search: "rice", price_currency: "LRD" })).toBe("/search?search=rice");
    expect(savedSearchPath({ search: "car", price_max: 6000, price_currency: "USD" })).toBe(
      "/search?search=car&price_max=6000",
    );
  });
});
