import { z } from "zod";
import { zId } from "./ids.ts";

/**
 * The price guide (issue 28, decision 077): what live ads of a subcategory cost, narrowed by Brand, Model and Year
 * when enough ads remain, so a seller sees a typical price and is warned before asking far less.
 */

/** Fewer ads than this say nothing typical: a narrowing below it falls back, and a subcategory below it has no guide. */
export const PRICE_GUIDE_MIN_COUNT = 5;

/** The attributes that narrow the guide, most telling first: a narrowing drops them from the end. */
export const PRICE_GUIDE_ATTRIBUTES = ["Brand", "Model", "Year"] as const;
export type TPriceGuideAttribute = (typeof PRICE_GUIDE_ATTRIBUTES)[number];

/** A Year narrows to ads this many years either side of it: one exact year is too few ads to say much. */
export const PRICE_GUIDE_YEAR_SPAN = 2;

/** A price below this share of the median is warned about (a classic advance-fee bait). */
export const PRICE_GUIDE_LOW_SHARE = 1 / 3;

export const PRICE_GUIDE_MESSAGES = {
  typical: "Typical price",
  farBelow: "This price is far below what similar items sell for. Buyers may think it is a scam.",
  subcategoryRequired: "Choose a subcategory.",
  attributesInvalid: 'Attributes must be a JSON list of {"id", "value"}, e.g. [{"id":5,"value":"Toyota"}].',
  valueRequired: "The value is required.",
} as const;

const ZPriceGuideAttributeValue = z.object({
  /** The attribute's id, as in POST /ads/get's attribute filters. */
  id: zId(),
  value: z.coerce.string().trim().min(1, PRICE_GUIDE_MESSAGES.valueRequired).max(100),
});

/**
 * GET /ads/price-guide's query. `attributes` is a JSON list in one query parameter,
 * `attributes=[{"id":5,"value":"Toyota"}]` (URL-encoded): a query string has no lists of objects, and JSON is the
 * form POST /ads/get already takes them in. Attributes other than Brand, Model and Year are ignored.
 */
export const ZPriceGuideQuery = z.object({
  subcategory_id: zId(PRICE_GUIDE_MESSAGES.subcategoryRequired),
  attributes: z
    .preprocess(
      (value) => {
        if (value === undefined || value === "") return undefined;
        if (typeof value !== "string") return value;
        try {
          return JSON.parse(value) as unknown;
        } catch {
          return value;
        }
      },
      z.array(ZPriceGuideAttributeValue, { message: PRICE_GUIDE_MESSAGES.attributesInvalid }).max(20).optional(),
    )
    .describe('A JSON list of {"id", "value"}: Brand, Model and Year narrow the guide'),
});
export type TPriceGuideQuery = z.infer<typeof ZPriceGuideQuery>;

export const ZPriceGuide = z.object({
  /** How many live ads the figures are of (or, when under the minimum, how many the subcategory has). */
  count: z.number().int(),
  /** Null when `count` is under PRICE_GUIDE_MIN_COUNT: too few ads to say what is typical. */
  p25: z.number().nullable(),
  median: z.number().nullable(),
  p75: z.number().nullable(),
  /** The attributes the figures are narrowed by, e.g. ["Brand", "Model"]; [] for the whole subcategory. */
  narrowed_by: z.array(z.enum(PRICE_GUIDE_ATTRIBUTES)),
});
export type TPriceGuide = z.infer<typeof ZPriceGuide>;

/** Whether a seller's price is far enough below the guide's median to warn them. */
export const isFarBelowGuide = (price: number, guide: Pick<TPriceGuide, "median"> | null | undefined) =>
  guide?.median != null && Number.isFinite(price) && price < guide.median * PRICE_GUIDE_LOW_SHARE;
