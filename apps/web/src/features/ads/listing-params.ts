import type { TAdFilters } from "@waterside/shared/ads";
import { AD_PAGE_SIZE } from "@waterside/shared/ads-messages";

/**
 * Filters live in the URL (shareable, reloadable): sort=price|asc, price_min, price_max, page,
 * one `f{attributeId}` per chosen attribute value, and search, location, section, user_id.
 */
export const ATTRIBUTE_PARAM = /^f(\d+)$/;

export function filtersFromUrl(params: URLSearchParams, defaults: Partial<TAdFilters> = {}): TAdFilters {
  const attributes = new Map<number, string[]>();
  for (const [key, value] of params) {
    const match = ATTRIBUTE_PARAM.exec(key);
    if (match && value) attributes.set(Number(match[1]), [...(attributes.get(Number(match[1])) ?? []), value]);
  }
  const number = (key: string) => {
    const value = params.get(key);
    return value && Number.isFinite(Number(value)) && Number(value) >= 0 ? Number(value) : undefined;
  };
  const sort = params.get("sort");
  return {
    ...defaults,
    ...(sort && /^(visibility_score|created_at|price)\|(asc|desc)$/.test(sort) && { sort_combined: sort }),
    price_min: number("price_min"),
    price_max: number("price_max"),
    page: Math.max(1, Math.floor(number("page") ?? 1)),
    per_page: AD_PAGE_SIZE,
    ...(attributes.size > 0 && { attributes: [...attributes].map(([id, values]) => ({ id, values })) }),
    ...(params.get("search")?.trim() && { search: params.get("search")!.trim() }),
    ...(params.get("location")?.trim() && { location: params.get("location")!.trim() }),
    ...(number("user_id") && { user_id: number("user_id") }),
  };
}

/** The same address with `key` (or one of its values) removed, and back to page 1. */
export function withoutParam(params: URLSearchParams, key: string, value?: string): string {
  const next = new URLSearchParams(params);
  if (value === undefined) next.delete(key);
  else next.delete(key, value);
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
