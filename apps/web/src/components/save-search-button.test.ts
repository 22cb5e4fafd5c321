import { describe, expect, it } from "vitest";
import { suggestSearchName } from "./save-search-button";

describe("suggestSearchName", () => {
  it("names a search with its L$ bound", () => {
    expect(suggestSearchName({ search: "rice", price_max: 5000, price_currency: "LRD" }, "Food")).toBe(
      "rice · Food · under L$ 5,000",
    );
  });
});
