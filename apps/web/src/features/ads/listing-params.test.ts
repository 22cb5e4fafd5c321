import { describe, expect, it } from "vitest";
import { filtersFromUrl, withoutParam } from "./listing-params";

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
});

describe("withoutParam", () => {
  it("removes both bounds of a range at once, back to page 1", () => {
    expect(withoutParam(new URLSearchParams("f7_min=1&f7_max=2&page=3&sort=price|asc"), ["f7_min", "f7_max"])).toBe(
      "?sort=price%7Casc",
    );
  });
});
