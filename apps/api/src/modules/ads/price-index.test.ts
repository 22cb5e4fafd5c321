import { describe, expect, it } from "vitest";
import { buildPriceIndex, idsInRange, pageInRange, patchPriceIndex, priceRange } from "./price-index.ts";

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
    const keys = ids.map((_, position) => 5000 - position);
    const index = buildPriceIndex(
      { ids: Int32Array.from(ids), prices: Float64Array.from(prices), keys: Float64Array.from(keys) },
      true,
    );
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

  it("patched with the ads a write names, equals the index read again, in either direction", () => {
    let seed = 11;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    type Ad = { id: number; price: number; key: number };
    for (const descending of [true, false]) {
      // Popularity scores repeat a lot, so ties are broken by id as the database does.
      let ads: Ad[] = Array.from({ length: 3000 }, (_, index) => ({
        id: index + 1,
        price: Math.round(random() * 200) * 50,
        key: Math.round(random() * 40),
      }));
      const listed = (all: Ad[]) => [...all].sort((a, b) => (descending ? -1 : 1) * (a.key - b.key || a.id - b.id));
      const indexOf = (all: Ad[]) => {
        const inOrder = listed(all);
        return buildPriceIndex(
          {
            ids: Int32Array.from(inOrder, (ad) => ad.id),
            prices: Float64Array.from(inOrder, (ad) => ad.price),
            keys: Float64Array.from(inOrder, (ad) => ad.key),
          },
          descending,
        );
      };
      let index = indexOf(ads);
      for (let write = 0; write < 50; write++) {
        // Some ads leave (hidden, deleted), some change (price, popularity), some arrive (posted).
        const written = new Set(
          Array.from({ length: 1 + Math.floor(random() * 5) }, () => 1 + Math.floor(random() * 3100)),
        );
        const after = [...written]
          .filter(() => random() < 0.6)
          .map((id) => ({
            id,
            price: Math.round(random() * 200) * 50,
            key: Math.round(random() * 40),
          }));
        ads = [...ads.filter((ad) => !written.has(ad.id)), ...after];
        index = patchPriceIndex(index, written, {
          ids: Int32Array.from(after, (ad) => ad.id),
          prices: Float64Array.from(after, (ad) => ad.price),
          keys: Float64Array.from(after, (ad) => ad.key),
        });
        const fresh = indexOf(ads);
        expect(Array.from(index.ids)).toEqual(Array.from(fresh.ids));
        expect(Array.from(index.byPrice)).toEqual(Array.from(fresh.byPrice));
        expect(Array.from(index.sortedPrices)).toEqual(Array.from(fresh.sortedPrices));
      }
      const range = priceRange(index, 2000, 6000);
      expect(pageInRange(index, range, 10, 20)).toEqual(
        listed(ads)
          .filter((ad) => ad.price >= 2000 && ad.price <= 6000)
          .slice(10, 30)
          .map((ad) => ad.id),
      );
    }
  });
});
