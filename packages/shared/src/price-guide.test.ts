import { describe, expect, it } from "vitest";
import { ZPriceGuideQuery, isFarBelowGuide } from "./price-guide.ts";

describe("isFarBelowGuide", () => {
  it("warns under a third of the median only", () => {
    expect(isFarBelowGuide(99, { median: 300 })).toBe(true);
    expect(isFarBelowGuide(0, { median: 300 })).toBe(true);
    expect(isFarBelowGuide(100, { median: 300 })).toBe(false);
    expect(isFarBelowGuide(5000, { median: 300 })).toBe(false);
  });

  it("says nothing without a median or a typed price", () => {
    expect(isFarBelowGuide(1, { median: null })).toBe(false);
    expect(isFarBelowGuide(1, undefined)).toBe(false);
    expect(isFarBelowGuide(Number.NaN, { median: 300 })).toBe(false);
  });
});

describe("ZPriceGuideQuery", () => {
  it("reads attributes as a JSON list in one query parameter", () => {
    expect(
      ZPriceGuideQuery.parse({
        subcategory_id: "3",
        attributes: '[{"id":"5","value":" Toyota "},{"id":7,"value":2015}]',
      }),
    ).toEqual({
      subcategory_id: 3,
      attributes: [
        { id: 5, value: "Toyota" },
        { id: 7, value: "2015" },
      ],
    });
    expect(ZPriceGuideQuery.parse({ subcategory_id: 3, attributes: "" })).toEqual({ subcategory_id: 3 });
  });
});
