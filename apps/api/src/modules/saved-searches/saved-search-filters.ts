import type { TSavedSearchFilters } from "@waterside/shared/saved-searches";
import { usdValue } from "../selling/ad-prices.ts";

/**
 * A location as the listing compares it (ads/ad-listing.ts): accents, case and a trailing " County" do not count.
 * "Sinkor, Montserrado" keeps its comma: an area with its county.
 */
export const foldLocation = (text: string) =>
  text
    .split(",")
    .map((part) =>
      part
        .normalize("NFD")
        .replace(/\p{Diacritic}/gu, "")
        .toLowerCase()
        .replace(/\s+county$/, "")
        .trim(),
    )
    .join(", ");

/**
 * Whether a filter set narrows anything (issue 29: a search must). A price bound of 0 and an empty attribute list
 * narrow nothing.
 */
export function narrowsSomething(filters: TSavedSearchFilters): boolean {
  return Boolean(
    filters.search ||
    filters.location ||
    filters.category_id ||
    filters.subcategory_id ||
    filters.attributes?.length ||
    filters.price_min ||
    filters.price_max !== undefined ||
    filters.verified_sellers,
  );
}

/**
 * The percolator's key of a search (decision 080): the one requirement every matching ad meets that narrows most.
 * `searchLexemes` are the search's words as PostgreSQL parses them (websearch_to_tsquery('simple')), or null when an
 * ad need not hold any one of them (an OR or an excluded word): then a word cannot be the key.
 */
export function matchKeyOf(filters: TSavedSearchFilters, searchLexemes: string[] | null): string {
  // A word (a brand, a thing) is held by fewer ads than a whole category or county; the longest is the likeliest to
  // be rare. Paired with the subcategory or category, it narrows most: "cars and toyota" is a small set.
  const word = searchLexemes?.reduce<string | undefined>((best, w) => (!best || w.length > best.length ? w : best), "");
  const place = filters.location && foldLocation(filters.location);
  const scope = filters.subcategory_id
    ? `s:${filters.subcategory_id}`
    : filters.category_id && `c:${filters.category_id}`;
  if (scope && word) return `${scope}|w:${word}`;
  if (word) return `w:${word}`;
  if (scope && place) return `${scope}|l:${place}`;
  if (scope) return scope;
  if (place) return `l:${place}`;
  return "p";
}

/** The keys a new ad is filed under: every search whose key is one of them is a candidate to check fully. */
export function candidateKeysOf(ad: {
  subcategory_id: number;
  category_id: number;
  county: string;
  area: string;
  lexemes: string[];
}): string[] {
  const county = foldLocation(ad.county);
  const area = foldLocation(ad.area);
  const places = [county, area, `${area}, ${county}`].map((place) => `l:${place}`);
  const words = ad.lexemes.map((lexeme) => `w:${lexeme}`);
  const scopes = [`s:${ad.subcategory_id}`, `c:${ad.category_id}`];
  return [
    ...scopes,
    ...places,
    ...words,
    ...scopes.flatMap((scope) => [...words, ...places].map((key) => `${scope}|${key}`)),
    "p",
  ];
}

/** What matching compares of an ad (saved-searches.queries.ts findMatchableAd). */
export interface AdFacts {
  category_id: number;
  subcategory_id: number;
  price: number;
  county: string;
  area: string;
  seller_verified: boolean;
  attribute_tokens: string[];
  numbers: Record<string, number> | null;
}

/**
 * Whether an ad meets every filter of a search but its words, as POST /ads/get would list it at the rate `usdLrd` (the words are
 * compared by PostgreSQL against the ad's search_vector, as the listing does). Attribute values are ORed within an
 * attribute and ANDed across attributes; a range needs the ad's value to be a number within it (decision 061).
 */
export function meetsFilters(filters: TSavedSearchFilters, ad: AdFacts, usdLrd: number | null): boolean {
  if (filters.category_id && filters.category_id !== ad.category_id) return false;
  if (filters.subcategory_id && filters.subcategory_id !== ad.subcategory_id) return false;
  // Bounds in L$ are compared as US$ at the rate of the match, as the listing compares them (decision 088).
  const inUsd = (bound: number) =>
    filters.price_currency !== "LRD" ? bound : usdLrd === null ? NaN : usdValue(bound, "LRD", usdLrd);
  if (filters.price_min !== undefined && !(ad.price >= inUsd(filters.price_min))) return false;
  if (filters.price_max !== undefined && !(ad.price <= inUsd(filters.price_max))) return false;
  if (filters.verified_sellers && !ad.seller_verified) return false;
  if (filters.location) {
    const wanted = foldLocation(filters.location);
    const county = foldLocation(ad.county);
    const area = foldLocation(ad.area);
    const place = wanted.includes(",") ? wanted === `${area}, ${county}` : wanted === county || wanted === area;
    if (!place) return false;
  }
  for (const attribute of filters.attributes ?? []) {
    if (attribute.values?.length && !attribute.values.some((v) => ad.attribute_tokens.includes(`${attribute.id}:${v}`)))
      return false;
    if (attribute.min !== undefined || attribute.max !== undefined) {
      const value = ad.numbers?.[String(attribute.id)];
      if (value === undefined) return false;
      if (attribute.min !== undefined && value < attribute.min) return false;
      if (attribute.max !== undefined && value > attribute.max) return false;
    }
  }
  return true;
}
