import { describe, expect, it } from "vitest";
import { buildPriceIndex, idsInRange, pageInRange, priceRange } from "./price-index.ts";

/** The plain answer: filter in list order, then cut the page. */
function expected(ids: number[], prices: number[], low: number, high: number, offset: number, limit: number) {
  const matched = ids.filter((_, index) => prices[index]! >= low && prices[index]! <= high);
  return { total: matched.length, all: matched, page: matched.slice(offset, offset + limit) };
}

describe("price index", () => {
  it("gives the same totals, matches and pages as filtering every ad, for wide, narrow and empty ranges", () => {
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const ids = Array.from({ length: 5000 }, (_, index) => 100_000 - index * 3);
    // Repeated prices, as listings have: ties must keep the list's order.
    const prices = ids.map(() => Math.round(random() * 400) * 25);
    const index = buildPriceIndex(Int32Array.from(ids), Float64Array.from(prices));
    const ranges: Array<[number, number]> = [
      [-Infinity, Infinity],
      [0, 10_000],
      [2_500, 2_500],
      [1_000, 1_600],
      [9_000, 9_999],
      [10_001, Infinity],
      [-Infinity, -1],
      [600, 500],
    ];
    for (const [low, high] of ranges) {
      const range = priceRange(index, low, high);
      for (const [offset, limit] of [
        [0, 20],
        [40, 20],
        [4_990, 20],
      ] as const) {
        const plain = expected(ids, prices, low, high, offset, limit);
        expect(range.total, `${low}–${high}`).toBe(plain.total);
        expect(Array.from(idsInRange(index, range))).toEqual(plain.all);
        expect(pageInRange(index, range, offset, limit), `${low}–${high} from ${offset}`).toEqual(plain.page);
      }
    }
  });
});
