/**
 * The matches of one query without its price bounds, kept in memory so that any price range over them costs no
 * query (decision 013, issue 17): the ads in the list's order with their prices, and the same ads by price, so a
 * range's total is two binary searches and its matches a slice, however many ads the query matches.
 */
export interface PriceIndex {
  /** Ad ids in the list's order (popularity, or the query's sort). */
  ids: Int32Array;
  prices: Float64Array;
  /** Positions in `ids`, by price (then list order). */
  byPrice: Int32Array;
  /** `prices` in that order. */
  sortedPrices: Float64Array;
}

export function buildPriceIndex(ids: Int32Array, prices: Float64Array): PriceIndex {
  const byPrice = Int32Array.from(ids.keys()).sort((a, b) => prices[a]! - prices[b]! || a - b);
  return { ids, prices, byPrice, sortedPrices: Float64Array.from(byPrice, (position) => prices[position]!) };
}

/** The first position whose price is at least `price` (or, `after`, above it). */
function bound(sorted: Float64Array, price: number, after: boolean) {
  let [low, high] = [0, sorted.length];
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (after ? sorted[middle]! <= price : sorted[middle]! < price) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** How many ads cost from `low` to `high`, and where they stand in `byPrice`. */
export function priceRange(index: PriceIndex, low: number, high: number) {
  const from = bound(index.sortedPrices, low, false);
  const to = Math.max(from, bound(index.sortedPrices, high, true));
  return { from, to, total: to - from };
}

/** Every ad in the range, in the list's order. */
export function idsInRange(index: PriceIndex, { from, to }: { from: number; to: number }): Int32Array {
  const positions = index.byPrice.slice(from, to).sort();
  return positions.map((position) => index.ids[position]!);
}

/**
 * One page of the range in the list's order. A wide range is walked in list order and stops at the page's end;
 * a narrow one (a small share of the matches) is cut from the price order, which costs only its own size.
 */
export function pageInRange(
  index: PriceIndex,
  range: { from: number; to: number; total: number },
  offset: number,
  limit: number,
): number[] {
  if (range.total * 8 < index.ids.length) return Array.from(idsInRange(index, range).subarray(offset, offset + limit));
  const [low, high] = [index.sortedPrices[range.from] ?? Infinity, index.sortedPrices[range.to - 1] ?? -Infinity];
  const page: number[] = [];
  let seen = 0;
  for (let position = 0; position < index.ids.length && page.length < limit; position++) {
    const price = index.prices[position]!;
    if (price < low || price > high) continue;
    if (seen++ >= offset) page.push(index.ids[position]!);
  }
  return page;
}
