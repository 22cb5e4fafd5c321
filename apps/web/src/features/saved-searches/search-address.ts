import type { TSavedSearchFilters } from "@waterside/shared/saved-searches";

/**
 * The listing address that runs a saved search: its subcategory's listing, else the search page (a category alone:
 * its page), with the filters in the address as the listing reads them (features/ads/listing-params.ts): attribute
 * values as f<id>, ranges as f<id>_min / f<id>_max. The web saves searches from those pages, so each comes back whole.
 */
export function savedSearchPath(filters: TSavedSearchFilters): string {
  const params = new URLSearchParams();
  if (filters.search) params.set("search", filters.search);
  if (filters.location) params.set("location", filters.location);
  if (filters.price_min !== undefined) params.set("price_min", String(filters.price_min));
  if (filters.price_max !== undefined) params.set("price_max", String(filters.price_max));
  if (filters.verified_sellers) params.set("verified_sellers", "true");
  for (const attribute of filters.attributes ?? []) {
    for (const value of attribute.values ?? []) params.append(`f${attribute.id}`, value);
    if (attribute.min !== undefined) params.set(`f${attribute.id}_min`, String(attribute.min));
    if (attribute.max !== undefined) params.set(`f${attribute.id}_max`, String(attribute.max));
  }
  const query = params.size ? `?${params}` : "";
  if (filters.category_id && filters.subcategory_id) {
    return `/categories/${filters.category_id}/${filters.subcategory_id}${query}`;
  }
  if (filters.category_id && !params.size) return `/categories/${filters.category_id}`;
  return `/search${query}`;
}
