import type { TAdFilters, TAttributeFilter } from "@waterside/shared/ads";
import { AD_PAGE_SIZE } from "@waterside/shared/ads-messages";
import { CURRENCIES, type TCurrency } from "@waterside/shared/money";

/**
 * Filters live in the URL (shareable, reloadable): sort=price|asc, price_min, price_max, price_currency=LRD when the
 * bounds are in L$ (issue 30: US$ when absent), page,
 * one `f{attributeId}` per chosen attribute value, `f{attributeId}_min` / `f{attributeId}_max` for a Number
 * attribute's range (decision 061), verified_sellers=true (issue 27), and search, location, section, user_id.
 */
export const ATTRIBUTE_PARAM = /^f(\d+)$/;
export const RANGE_PARAM = /^f(\d+)_(min|max)$/;

/** "Verified sellers only": the param and the one value it takes. */
export const VERIFIED_SELLERS_PARAM = "verified_sellers";

/** The currency of price_min and price_max (issue 30): absent for US$, so US$ addresses stay as they were. */
export const PRICE_CURRENCY_PARAM = "price_currency";

/** The currency an address's price bounds are in: its price_currency when it names one, else US$. */
export function priceCurrencyOf(params: URLSearchParams): TCurrency {
  const named = params.get(PRICE_CURRENCY_PARAM);
  return CURRENCIES.find((code) => code === named) ?? "USD";
}

export const rangeParam = (attributeId: number, bound: "min" | "max") => `f${attributeId}_${bound}`;

/** A bound as typed: a finite number, or undefined when empty or not a number. */
export const parseBound = (value: string | null | undefined) =>
  value?.trim() && Number.isFinite(Number(value)) ? Number(value) : undefined;

export function filtersFromUrl(params: URLSearchParams, defaults: Partial<TAdFilters> = {}): TAdFilters {
  const attributes = new Map<number, TAttributeFilter>();
  const entry = (id: number) => attributes.get(id) ?? attributes.set(id, { id }).get(id)!;
  for (const [key, value] of params) {
    const match = ATTRIBUTE_PARAM.exec(key);
    if (match && value) {
      const filter = entry(Number(match[1]));
      filter.values = [...(filter.values ?? []), value];
    }
    const range = RANGE_PARAM.exec(key);
    const bound = parseBound(value);
    if (range && bound !== undefined) entry(Number(range[1]))[range[2] as "min" | "max"] = bound;
  }
  for (const filter of attributes.values()) {
    // An address written by hand with the bounds reversed means the range between them.
    if (filter.min !== undefined && filter.max !== undefined && filter.min > filter.max) {
      [filter.min, filter.max] = [filter.max, filter.min];
    }
  }
  const number = (key: string) => {
    const value = params.get(key);
    return value && Number.isFinite(Number(value)) && Number(value) >= 0 ? Number(value) : undefined;
  };
  const sort = params.get("sort");
  const priceMin = number("price_min");
  const priceMax = number("price_max");
  const priceCurrency = priceCurrencyOf(params);
  return {
    ...defaults,
    ...(sort && /^(visibility_score|created_at|price)\|(asc|desc)$/.test(sort) && { sort_combined: sort }),
    price_min: priceMin,
    price_max: priceMax,
    // Only bounds have a currency: without one the address filters nothing by price, whatever it names.
    ...(priceCurrency !== "USD" &&
      (priceMin !== undefined || priceMax !== undefined) && { price_currency: priceCurrency }),
    page: Math.max(1, Math.floor(number("page") ?? 1)),
    per_page: AD_PAGE_SIZE,
    ...(attributes.size > 0 && { attributes: [...attributes.values()] }),
    ...(params.get(VERIFIED_SELLERS_PARAM) === "true" && { verified_sellers: true }),
    ...(params.get("search")?.trim() && { search: params.get("search")!.trim() }),
    ...(params.get("location")?.trim() && { location: params.get("location")!.trim() }),
    ...(number("user_id") && { user_id: number("user_id") }),
  };
}

/** The same address with `key` (or one of its values) removed, and back to page 1. */
export function withoutParam(params: URLSearchParams, key: string | string[], value?: string): string {
  const next = new URLSearchParams(params);
  for (const name of Array.isArray(key) ? key : [key]) {
    if (value === undefined) next.delete(name);
    else next.delete(name, value);
  }
  next.delete("page");
  const query = next.toString();
  return query ? `?${query}` : "?";
}

export function withPage(params: URLSearchParams, page: number): string {
  const next = new URLSearchParams(params);
  if (page <= 1) next.delete("page");
  else next.set("page", String(page));
  const query = next.toString();
  return query ? `?${query}` : "?";
}
