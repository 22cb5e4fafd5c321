import { z } from "zod";
import { PRICE_UNITS } from "./catalog.ts";
import { CURRENCIES } from "./money.ts";
import { zId, zPage } from "./ids.ts";
import {
  AD_SORT_FIELDS,
  ATTRIBUTE_FILTER_MESSAGES,
  HOME_SECTIONS,
  SORT_ORDERS,
  SUGGESTION_MIN_LENGTH,
} from "./ads-messages.ts";
import { ZTrust } from "./trust.ts";

/** Spec §5 payload cleaning: empty values are ignored, whichever client forgot to drop them. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" || value === null ? undefined : value), schema.optional());

const id = zId();
const money = z.coerce.number({ message: "Must be a number." }).min(0, "Must be 0 or more.");

/** A bound of a Number attribute's range: any finite number, inclusive. */
const attributeBound = optional(z.coerce.number({ message: "Must be a number." }));

/**
 * One attribute filter. The spec's shape is `{id, values[]}`: an ad holding any of the values matches. A Number
 * attribute (Year, Mileage) may instead give a range, `{id, min?, max?}`, inclusive at both ends: an ad matches
 * when its stored value is a number within it (decision 061). Given together, both must hold.
 */
export const ZAttributeFilter = z
  .object({
    id,
    values: optional(
      z.preprocess(
        (value) => (Array.isArray(value) ? value : [value]),
        z.array(z.coerce.string().trim().min(1)).min(1, ATTRIBUTE_FILTER_MESSAGES.valuesRequired),
      ),
    ),
    min: attributeBound,
    max: attributeBound,
  })
  .superRefine((filter, context) => {
    if (filter.values === undefined && filter.min === undefined && filter.max === undefined) {
      context.addIssue({ code: "custom", path: ["values"], message: ATTRIBUTE_FILTER_MESSAGES.valuesRequired });
    }
    if (filter.min !== undefined && filter.max !== undefined && filter.min > filter.max) {
      context.addIssue({ code: "custom", path: ["min"], message: ATTRIBUTE_FILTER_MESSAGES.minAboveMax });
    }
  });
export type TAttributeFilter = z.infer<typeof ZAttributeFilter>;

/** Spec §3 "Ad filter fields" (POST /ads/get). */
export const ZAdFilters = z.object({
  category_id: optional(id),
  subcategory_id: optional(id),
  user_id: optional(id),
  attributes: optional(z.array(ZAttributeFilter).max(20)),
  price_min: optional(money),
  price_max: optional(money),
  /** The currency `price_min` and `price_max` are written in (issue 30, decision 088): US$ when absent. */
  price_currency: optional(z.enum(CURRENCIES)),
  location: optional(z.string().trim().min(1).max(120)),
  search: optional(z.string().trim().min(1).max(100)),
  section: optional(z.enum(HOME_SECTIONS)),
  /** Only boosted ads (an active subscription); false or absent: every ad. */
  has_active_subscription: optional(
    z.preprocess((value) => value === true || value === "true" || value === "1" || value === 1, z.boolean()),
  ),
  /** Only ads whose seller has a verified phone (issue 27); false or absent: every ad. */
  verified_sellers: optional(
    z.preprocess((value) => value === true || value === "true" || value === "1" || value === 1, z.boolean()),
  ),
  sort_by: optional(z.enum(AD_SORT_FIELDS)),
  sort_order: optional(z.enum(SORT_ORDERS)),
  sort_combined: optional(
    z
      .string()
      .regex(/^(visibility_score|created_at|price)\|(asc|desc)$/, "Sort must look like field|order, e.g. price|asc."),
  ),
  page: optional(zPage()),
  per_page: optional(z.coerce.number().int().min(1, "The page size must be 1 or more.")),
});
export type TAdFilters = z.infer<typeof ZAdFilters>;

export const ZAdImage = z.object({
  id: z.number().int(),
  order: z.number().int(),
  /** Full-screen size (fits 1920x1080). */
  image_url: z.string(),
  /** Card size (480x360), for lists on wide or dense screens and the gallery. */
  card_url: z.string(),
  /** Small card size (360x270), for lists on phones: `srcset` offers it beside `card_url`. */
  card_small_url: z.string(),
  /** 150x150, for gallery thumbnails. */
  thumbnail_url: z.string(),
});
export type TAdImage = z.infer<typeof ZAdImage>;

/**
 * A photo on the ad page: the list sizes and the gallery's two (decision 062), which lists never carry. `srcset` offers
 * them for the main photo, so a phone or a desktop downloads one at least as wide as it shows the photo.
 */
export const ZAdGalleryImage = ZAdImage.extend({
  /** 768x576. */
  gallery_url: z.string(),
  /** 1080x810, for screens of a device pixel ratio of 2.5 and more. */
  gallery_large_url: z.string(),
});
export type TAdGalleryImage = z.infer<typeof ZAdGalleryImage>;

export const ZAdStatus = z.object({ id: z.number().int(), name: z.string() });

export const ZAdSeller = z.object({
  id: z.number().int(),
  name: z.string(),
  profile_image_url: z.string().nullable(),
  usertype_id: z.number().int(),
  usertype: z.object({ id: z.number().int(), name: z.string() }),
  created_at: z.string(),
  /** The seller proved their phone number by SMS code (issue 27): ad cards show a badge. */
  phone_verified: z.boolean(),
});

/** An ad in a list: only its title image, and its description cut for the card's three lines. */
export const ZAdListItem = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  /** The price in US$ (spec §3), for an L$ ad its value at the rate in force: safe for a client that knows only this. */
  price: z.number(),
  /** The currency the seller priced the ad in (issue 30, decision 088). */
  currency: z.enum(CURRENCIES),
  /** The seller's price, in `currency`: what cards show first ("L$ 18,700 · ≈ US$ 100"). */
  price_local: z.number(),
  location: z.string(),
  images: z.array(ZAdImage),
  category_id: z.number().int(),
  subcategory_id: z.number().int(),
  subcategory: z.object({
    id: z.number().int(),
    name: z.string(),
    category_id: z.number().int(),
    category: z.object({ id: z.number().int(), name: z.string() }),
    /** What the price is for: "month" shows "$450 / month" (decision 067); null: the whole thing. */
    price_unit: z.enum(PRICE_UNITS).nullable(),
  }),
  user_id: z.number().int(),
  user: ZAdSeller,
  status_id: z.number().int(),
  status: ZAdStatus,
  visibility_score: z.number().int(),
  is_saved: z.boolean(),
  created_at: z.string(),
});
export type TAdListItem = z.infer<typeof ZAdListItem>;

export const ZSuggestionQuery = z.object({
  search: z
    .string({ message: "The search field is required." })
    .trim()
    .min(SUGGESTION_MIN_LENGTH, `Type at least ${SUGGESTION_MIN_LENGTH} characters.`)
    .max(100),
});

export const ZSuggestion = z.object({
  id: z.number().int(),
  title: z.string(),
  location: z.string(),
  subcategory_id: z.number().int(),
  category_id: z.number().int(),
});
export type TSuggestion = z.infer<typeof ZSuggestion>;

export const ZAdIdParams = z.object({
  id: zId("The ad id must be a number."),
});

export const ZAdAttribute = z.object({
  id: z.number().int(),
  value: z.string(),
  attribute_id: z.number().int(),
  subcategory_attribute_id: z.number().int(),
  attribute: z.object({ name: z.string(), type: z.string() }),
});

/** Spec §3 Ad `rating`: how many gave each star, and the viewer's own rating when signed in. */
export const ZAdRating = z.object({
  counts: z.object({ 1: z.number(), 2: z.number(), 3: z.number(), 4: z.number(), 5: z.number() }),
  total: z.number().int(),
  average: z.number().nullable(),
  current_user_rating: z.number().int().nullable(),
  current_user_rating_id: z.number().int().nullable(),
});
export type TAdRating = z.infer<typeof ZAdRating>;

/** Everything the ad page shows (spec §3 Ad): all images by order, named attributes, seller, ratings. */
export const ZAdDetail = ZAdListItem.extend({
  /** The seller with what a buyer may trust about them (issue 27). */
  user: ZAdSeller.extend({
    trust: ZTrust,
    /** The seller lets buyers reveal their number (true) or asks for a chat first (decision 072). */
    phone_revealable: z.boolean(),
  }),
  images: z.array(ZAdGalleryImage),
  rating: ZAdRating,
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  attributes: z.array(ZAdAttribute),
  updated_at: z.string(),
  /** When the ad expires, ISO (issue 28): its owner sees the days left and Renew. */
  expires_at: z.string(),
  /** When its seller marked it sold, ISO; null unless Sold. A Sold ad's page stays readable SOLD_PAGE_DAYS after. */
  sold_at: z.string().nullable(),
});
export type TAdDetail = z.infer<typeof ZAdDetail>;

/** Spec §3 Ad `lastest_subscription` (the spec's spelling): the ad's newest boost. */
export const ZLatestSubscription = z.object({
  id: z.number().int(),
  status: z.string(),
  end_date: z.string().nullable(),
  package: z.object({ name: z.string() }),
});
export type TLatestSubscription = z.infer<typeof ZLatestSubscription>;
