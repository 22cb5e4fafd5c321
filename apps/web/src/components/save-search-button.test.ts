import { describe, expect, it } from "vitest";
import { priceWords, suggestSearchName } from "./save-search-button";

describe("priceWords", () => {
  it("writes L$ bounds as Liberian dollars and US$ bounds as the shared words do (issue 30)", () => {
    expect(priceWords({ price_max: 5000, price_currency: "LRD" })).toBe("under L$ 5,000");
    expect(priceWords({ price_min: 2000, price_currency: "LRD" })).toBe("over L$ 2,000");
    expect(priceWords({ price_min: 2000, price_max: 6000, price_currency: "LRD" })).toBe("L$ 2,000–L$ 6,000");
    expect(priceWords({ price_max: 6000 })).toBe("under $6,000");
    expect(priceWords({ price_max: 6000, price_currency: "USD" })).toBe("under $6,000");
    expect(priceWords({ price_currency: "LRD" })).toBeNull();
  });

  it("names a search with its L$ bound", () => {
    expect(suggestSearchName({ search: "rice", price_max: 5000, price_currency: "LRD" }, "Food")).toBe(
      "rice · Food · under L$ 5,000",
    );
  });
});
