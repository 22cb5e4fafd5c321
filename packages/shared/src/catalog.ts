import { z } from "zod";
import { zId } from "./ids.ts";

/**
 * The period a price is quoted for in a subcategory: rents and pay by the month, a short stay by the night, a lease by
 * the year, a hire by the day. A subcategory without one sells the thing for its price (decision 067).
 */
export const PRICE_UNITS = ["month", "night", "day", "year"] as const;
export type TPriceUnit = (typeof PRICE_UNITS)[number];

export const ZSubcategory = z.object({
  id: z.number().int(),
  name: z.string(),
  category_id: z.number().int(),
  image_url: z.string().nullable(),
  active: z.boolean(),
  ads_count: z.number().int(),
});
export type TSubcategory = z.infer<typeof ZSubcategory>;

export const ZCategory = z.object({
  id: z.number().int(),
  name: z.string(),
  image_url: z.string().nullable(),
  active: z.boolean(),
  subcategories: z.array(ZSubcategory),
});
export type TCategory = z.infer<typeof ZCategory>;

/** One filter of a subcategory's listing: an attribute and the values ads can be filtered by. */
export const ZFilterDefinition = z.object({
  id: z.number().int().describe("attribute id; submitted back as attributes[{id, values[]}]"),
  name: z.string(),
  type: z.enum(["Boolean", "Number", "Text"]),
  values: z.array(z.string()),
});
export type TFilterDefinition = z.infer<typeof ZFilterDefinition>;

export const ZArea = z.object({ id: z.number().int(), name: z.string() });
export const ZCounty = z.object({ id: z.number().int(), name: z.string(), areas: z.array(ZArea) });
export type TCounty = z.infer<typeof ZCounty>;

export const ZSubcategoryIdParams = z.object({
  subcategory_id: zId("The subcategory id must be a number."),
});

/** Spec §9: category and subcategory lists are cached 10 minutes. */
export const CATALOG_CACHE_SECONDS = 600;

/** A business with ads in a subcategory, for its Top Brands strip (spec §3 Featured business). */
export const ZFeaturedBusiness = z.object({
  id: z.number().int(),
  name: z.string(),
  profile_image: z.string().nullable(),
});
export type TFeaturedBusiness = z.infer<typeof ZFeaturedBusiness>;
export const FEATURED_BUSINESSES_LIMIT = 12;

export const ZIdParams = z.object({ id: zId("The id must be a number.") });
export const ZUserIdQuery = z.object({
  user_id: zId("The user id must be a number."),
});
