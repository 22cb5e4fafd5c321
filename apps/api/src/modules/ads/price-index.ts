/**
 * The matches of one query without its price bounds, kept in memory so that any price range over them costs no
 * query (decision 013, issue 17): the ads in the list's order with their prices, and the same ads by price, so a
 * range's total is two binary searches and its matches a slice, however many ads the query matches. A write to a
 * few ads patches the index with their rows instead of reading every match again (decision 056).
 */
export interface PriceIndex {
  /** Ad ids in the list's order: by `keys`, then by id, in the same direction. */
  ids: Int32Array;
  prices: Float64Array;
  /** What the list is sorted by (popularity, date, price), for placing a patched ad. */
  keys: Float64Array;
  descending: boolean;
  /** Positions in `ids`, by price (then list order). */
  byPrice: Int32Array;
  /** `prices` in that order. */
  sortedPrices: Float64Array;
}

/** Matches as the database lists them: ids in the list's order, with their prices and sort keys. */
export interface PriceCandidates {
  ids: Int32Array;
  prices: Float64Array;
  keys: Float64Array;
}

export function buildPriceIndex({ ids, prices, keys }: PriceCandidates, descending: boolean): PriceIndex {
  const byPrice = Int32Array.from(ids.keys()).sort((a, b) => prices[a]! - prices[b]! || a - b);
  return {
    ids,
    prices,
    keys,
    descending,
    byPrice,
    sortedPrices: Float64Array.from(byPrice, (position) => prices[position]!),
  };
}

/**
 * The index after a write: the ads it names (`written`) leave, and those of them that match now (`matching`, any
 * order) come back at their place in the list and in price order. Linear in the index's size.
 */
export function patchPriceIndex(
  index: PriceIndex,
  written: ReadonlySet<number>,
  matching: PriceCandidates,
): PriceIndex {
  const { ids, prices, keys, descending } = index;
  const sign = descending ? -1 : 1;
  const listOrder = (keyA: number, idA: number, keyB: number, idB: number) => sign * (keyA - keyB || idA - idB);
  const added = Array.from(matching.ids.keys()).sort((a, b) =>
    listOrder(matching.keys[a]!, matching.ids[a]!, matching.keys[b]!, matching.ids[b]!),
  );
  const size = ids.length - countWritten(ids, written) + added.length;
  const next = { ids: new Int32Array(size), prices: new Float64Array(size), keys: new Float64Array(size) };
  // Where each kept ad moves; -1 for a written one.
  const moved = new Int32Array(ids.length);
  const addedAt = new Int32Array(added.length);
  let to = 0;
  let nextAdded = 0;
  const put = (id: number, price: number, key: number) => {
    next.ids[to] = id;
    next.prices[to] = price;
    next.keys[to] = key;
    return to++;
  };
  const putAddedBefore = (key: number, id: number) => {
    while (nextAdded < added.length) {
      const at = added[nextAdded]!;
      if (key === Infinity || listOrder(matching.keys[at]!, matching.ids[at]!, key, id) < 0) {
        addedAt[nextAdded++] = put(matching.ids[at]!, matching.prices[at]!, matching.keys[at]!);
      } else break;
    }
  };
  for (let from = 0; from < ids.length; from++) {
    if (written.has(ids[from]!)) {
      moved[from] = -1;
      continue;
    }
    putAddedBefore(keys[from]!, ids[from]!);
    moved[from] = put(ids[from]!, prices[from]!, keys[from]!);
  }
  putAddedBefore(Infinity, 0);

  // Price order: the kept ads keep theirs (their relative list order is unchanged), the added ones are merged in.
  const addedByPrice = Array.from(addedAt).sort((a, b) => next.prices[a]! - next.prices[b]! || a - b);
  const byPrice = new Int32Array(size);
  let fill = 0;
  let nextByPrice = 0;
  for (const old of index.byPrice) {
    const position = moved[old]!;
    if (position === -1) continue;
    while (
      nextByPrice < addedByPrice.length &&
      (next.prices[addedByPrice[nextByPrice]!]! - next.prices[position]! || addedByPrice[nextByPrice]! - position) < 0
    ) {
      byPrice[fill++] = addedByPrice[nextByPrice++]!;
    }
    byPrice[fill++] = position;
  }
  while (nextByPrice < addedByPrice.length) byPrice[fill++] = addedByPrice[nextByPrice++]!;
  return {
    ...next,
    descending,
    byPrice,
    sortedPrices: Float64Array.from(byPrice, (position) => next.prices[position]!),
  };
}

function countWritten(ids: Int32Array, written: ReadonlySet<number>) {
  let count = 0;
  for (const id of ids) if (written.has(id)) count++;
  return count;
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
