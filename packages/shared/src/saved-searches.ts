import { z } from "zod";
import { ZAdFilters } from "./ads.ts";
import { zId } from "./ids.ts";

/**
 * Saved searches (issue 29, decision 080): a buyer keeps the filters of a search and is told when new ads match,
 * at once ('instant', collapsed over a short window) or in one digest a day ('daily').
 */

export const SAVED_SEARCH_LIMIT = 20;
export const SAVED_SEARCH_FREQUENCIES = ["instant", "daily"] as const;
export type TSavedSearchFrequency = (typeof SAVED_SEARCH_FREQUENCIES)[number];

/** An instant search matching more than this many ads in a day is moved to daily, and its owner told. */
export const INSTANT_DAILY_MATCH_LIMIT = 20;
/** A saved ad's price going down by at least this share tells everyone who saved it (once per ad per day). */
export const PRICE_DROP_MIN_SHARE = 0.05;

export const SAVED_SEARCH_MESSAGES = {
  limit: `You can keep at most ${SAVED_SEARCH_LIMIT} saved searches. Delete one to save another.`,
  emptyFilters: "Choose at least one filter or type a search before saving it.",
  frequencyInvalid: "Choose instant or daily.",
  smsNeedsVerifiedPhone: "Verify your phone number in your profile to get alerts by SMS.",
  nameTooLong: "The name may not be greater than 100 characters.",
  saved: "Search saved. We will tell you about new ads.",
  updated: "Saved search updated.",
  deleted: "Saved search deleted.",
  downgraded: (name: string) =>
    `“${name}” matches many new ads, so we now send it once a day. You can change this in Saved searches.`,
  unsubscribed: "You will no longer get emails for this saved search.",
  unsubscribeInvalid: "This unsubscribe link is not valid.",
} as const;

/**
 * `filters`: exactly POST /ads/get's filter shape; sort, paging, section and seller fields are dropped, as the issue
 * says ("sort fields ignored").
 */
export const ZSavedSearchFilters = ZAdFilters.omit({
  sort_by: true,
  sort_order: true,
  sort_combined: true,
  page: true,
  per_page: true,
  section: true,
  user_id: true,
  has_active_subscription: true,
});
export type TSavedSearchFilters = z.infer<typeof ZSavedSearchFilters>;

export const ZSavedSearchChannels = z.object({ push: z.boolean(), email: z.boolean(), sms: z.boolean() });
export type TSavedSearchChannels = z.infer<typeof ZSavedSearchChannels>;

const frequency = z.enum(SAVED_SEARCH_FREQUENCIES, { message: SAVED_SEARCH_MESSAGES.frequencyInvalid });
const name = z.string().trim().max(100, SAVED_SEARCH_MESSAGES.nameTooLong);

/** POST /saved-searches. `name` is made from the filters when absent ("Toyota · Cars · under $6,000 · Montserrado"). */
export const ZSavedSearchCreate = z.object({
  name: name.optional(),
  filters: ZSavedSearchFilters,
  frequency,
  channels: ZSavedSearchChannels,
});
export type TSavedSearchCreate = z.infer<typeof ZSavedSearchCreate>;

/** PATCH /saved-searches/{id}: any of the fields. */
export const ZSavedSearchUpdate = z.object({
  name: name.min(1).optional(),
  filters: ZSavedSearchFilters.optional(),
  frequency: frequency.optional(),
  channels: ZSavedSearchChannels.partial().optional(),
});
export type TSavedSearchUpdate = z.infer<typeof ZSavedSearchUpdate>;

export const ZSavedSearchParams = z.object({ id: zId() });

export const ZSavedSearch = z.object({
  id: z.number().int(),
  name: z.string(),
  filters: ZSavedSearchFilters,
  frequency,
  channels: ZSavedSearchChannels,
  created_at: z.string(),
  /** Matching ads since the user last opened the search. */
  new_count: z.number().int(),
  /** When the search was moved to daily for matching too much, else null. */
  downgraded_at: z.string().nullable(),
});
export type TSavedSearch = z.infer<typeof ZSavedSearch>;

/**
 * The price part of a search's name: "under $6,000", "over $2,000", "$2,000–$6,000"; bounds in Liberian dollars
 * (issue 30) "under L$ 5,000"; null without a price.
 */
export function searchPriceWords(filters: TSavedSearchFilters): string | null {
  const symbol = filters.price_currency === "LRD" ? "L$ " : "$";
  const amount = (value: number) => `${symbol}${value.toLocaleString("en-US", { maximumFractionDigits: 2 })}`;
  const min = filters.price_min || undefined;
  const max = filters.price_max;
  if (min !== undefined && max !== undefined) return `${amount(min)}–${amount(max)}`;
  if (max !== undefined) return `under ${amount(max)}`;
  if (min !== undefined) return `over ${amount(min)}`;
  return null;
}

/**
 * The web address that runs a saved search, with its filters as the listing reads them (apps/web listing-params.ts:
 * attribute values as f<id>, ranges as f<id>_min / f<id>_max): the subcategory's listing, the category's, else the
 * search page. `categoryId` names the category of a search that gives only its subcategory. `savedSearchId` adds
 * `saved_search`, by which the listing marks the search's matches seen (opened from an alert or the profile).
 */
export function savedSearchPath(
  filters: TSavedSearchFilters,
  { categoryId = filters.category_id, savedSearchId }: { categoryId?: number; savedSearchId?: number } = {},
): string {
  const params = new URLSearchParams();
  if (filters.search) params.set("search", filters.search);
  if (filters.location) params.set("location", filters.location);
  if (filters.price_min !== undefined) params.set("price_min", String(filters.price_min));
  if (filters.price_max !== undefined) params.set("price_max", String(filters.price_max));
  const priced = filters.price_min !== undefined || filters.price_max !== undefined;
  if (priced && filters.price_currency === "LRD") params.set("price_currency", "LRD");
  if (filters.verified_sellers) params.set("verified_sellers", "true");
  for (const attribute of filters.attributes ?? []) {
    for (const value of attribute.values ?? []) params.append(`f${attribute.id}`, value);
    if (attribute.min !== undefined) params.set(`f${attribute.id}_min`, String(attribute.min));
    if (attribute.max !== undefined) params.set(`f${attribute.id}_max`, String(attribute.max));
  }
  if (savedSearchId !== undefined) params.set("saved_search", String(savedSearchId));
  const query = params.size ? `?${params}` : "";
  if (categoryId && filters.subcategory_id) return `/categories/${categoryId}/${filters.subcategory_id}${query}`;
  if (filters.category_id) return `/categories/${filters.category_id}${query}`;
  return `/search${query}`;
}
