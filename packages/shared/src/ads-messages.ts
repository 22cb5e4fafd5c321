/**
 * Ad list limits and choices, free of zod so the web app can import them without shipping schemas.
 */

/** Spec §9: default ad page size 30. Larger pages are capped to keep replies small on mobile data. */
export const AD_PAGE_SIZE = 30;
export const AD_PAGE_SIZE_MAX = 100;
/** Spec §9: horizontal ad lists show at most 12 ads. */
export const HORIZONTAL_LIST_SIZE = 12;

export const AD_SORT_FIELDS = ["visibility_score", "created_at", "price"] as const;
export const SORT_ORDERS = ["asc", "desc"] as const;
/** Spec §2 sort choices, in the order the filter panel lists them; values are `field|order`. */
export const AD_SORT_CHOICES = [
  { value: "visibility_score|desc", label: "Popular" },
  { value: "created_at|desc", label: "Newest to Oldest" },
  { value: "created_at|asc", label: "Oldest to Newest" },
  { value: "price|desc", label: "Highest to Lowest Price" },
  { value: "price|asc", label: "Lowest to Highest Price" },
] as const;
/** What POST /ads/get answers for an attribute filter it cannot apply (422, under `attributes.{n}.…`). */
export const ATTRIBUTE_FILTER_MESSAGES = {
  valuesRequired: "Choose at least one value.",
  minAboveMax: "The minimum must not be more than the maximum.",
} as const;

/** Home sections (spec §9); their definitions are in docs/decisions/010-home-sections.md. */
export const HOME_SECTIONS = ["for_you", "trending", "top_seller"] as const;

/**
 * Ad lists count their matches up to this many; past it the total is a lower bound and the reply says so
 * (`total_is_lower_bound`).
 */
export const AD_TOTAL_EXACT_LIMIT = 1000;

/** Characters of description a list item carries: enough for three card lines on any screen. */
export const LIST_DESCRIPTION_LENGTH = 240;

/** Spec §5: suggestions start after more than 2 characters. */
export const SUGGESTION_MIN_LENGTH = 3;
export const SUGGESTION_LIMIT = 8;
/**
 * Typo tolerance (trigram resemblance) applies from this many characters: shorter text resembles too many
 * titles to mean anything, and comparing it with every title is the most expensive search there is.
 */
export const TYPO_TOLERANCE_MIN_LENGTH = 5;
