import { z } from "zod";
import { ZAdListItem, ZLatestSubscription } from "./ads.ts";
import { optionalCoordinate } from "./form-values.ts";
import { CURRENCIES } from "./money.ts";
import { zId } from "./ids.ts";
import {
  AD_ATTRIBUTE_VALUE_MAX,
  AD_DESCRIPTION_MAX,
  AD_PRICE_MAX,
  AD_TITLE_MAX,
  SELLING_MESSAGES,
} from "./selling-messages.ts";

const blank = (value: unknown) => (value === "" || value === null ? undefined : value);
const requiredId = (message: string) => z.preprocess(blank, zId(message));
const requiredText = (message: string, max: number) =>
  z.string({ message }).trim().min(1, message).max(max, `At most ${max} characters.`);

/** Spec selling §3 "Ad (form)" and §5 "Ad step 1": the fields of a new or edited ad, without its pictures. */
export const ZAdForm = z.object({
  title: requiredText(SELLING_MESSAGES.titleRequired, AD_TITLE_MAX),
  category_id: requiredId(SELLING_MESSAGES.categoryRequired),
  subcategory_id: requiredId(SELLING_MESSAGES.subcategoryRequired),
  location: requiredText(SELLING_MESSAGES.locationRequired, 160),
  price: z.preprocess(
    blank,
    z.coerce
      .number({ message: SELLING_MESSAGES.priceRequired })
      .min(0, SELLING_MESSAGES.priceInvalid)
      .max(AD_PRICE_MAX, SELLING_MESSAGES.priceInvalid),
  ),
  /** The currency `price` is written in (issue 30, decision 088); a client that sends none prices in US$. */
  currency: z.preprocess(blank, z.enum(CURRENCIES, { message: SELLING_MESSAGES.currencyInvalid }).default("USD")),
  description: requiredText(SELLING_MESSAGES.descriptionRequired, AD_DESCRIPTION_MAX),
  latitude: optionalCoordinate,
  longitude: optionalCoordinate,
  /** Attribute values keyed by attribute name (spec selling §3). */
  attributes: z
    .record(
      z.string(),
      z.preprocess(
        (value) => (value === null ? "" : value),
        z.coerce.string().max(AD_ATTRIBUTE_VALUE_MAX, `At most ${AD_ATTRIBUTE_VALUE_MAX} characters.`),
      ),
    )
    .default({}),
});
export type TAdForm = z.infer<typeof ZAdForm>;
export type TAdFormInput = z.input<typeof ZAdForm>;

/** My Ads' tabs; expired and sold are the ad lifecycle's states (issue 28). */
export const ZAdStatusFilter = z.enum(["all", "active", "hidden", "pending", "expired", "sold"]);
export type TAdStatusFilter = z.infer<typeof ZAdStatusFilter>;

/** `GET /ads/mine`'s `counts`: how many of the seller's ads each tab holds. */
export const ZOwnAdCounts = z.object({
  all: z.number(),
  active: z.number(),
  hidden: z.number(),
  pending: z.number(),
  expired: z.number(),
  sold: z.number(),
});

/** Spec selling §3 "Subcategory attribute", what step 2 of the wizard asks for. */
export const ZSubcategoryAttribute = z.object({
  id: z.number().int(),
  subcategory_id: z.number().int(),
  attribute_id: z.number().int(),
  has_options: z.boolean(),
  is_required: z.boolean(),
  is_restricted: z.boolean(),
  attribute: z.object({
    id: z.number().int(),
    name: z.string(),
    attribute_type_id: z.number().int(),
    attribute_type: z.object({ name: z.string() }),
  }),
  options: z.array(z.object({ id: z.number().int(), value: z.string() })),
});
export type TSubcategoryAttribute = z.infer<typeof ZSubcategoryAttribute>;

/** An ad in its seller's My Ads, with spec §3 Ad `active_subscription`: its running boost, or null (decision 065). */
export const ZOwnAdListItem = ZAdListItem.extend({
  active_subscription: ZLatestSubscription.nullable(),
  /** When the ad expires, ISO (issue 28): My Ads shows `daysLeft(expires_at)` and offers Renew near it. */
  expires_at: z.string(),
  /** When its seller marked it sold, ISO; null unless Sold. */
  sold_at: z.string().nullable(),
});
export type TOwnAdListItem = z.infer<typeof ZOwnAdListItem>;
