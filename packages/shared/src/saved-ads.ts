import { z } from "zod";
import { ZAdListItem } from "./ads.ts";
import { zId, zPage } from "./ids.ts";

export const ZSaveAd = z.object({ ad_id: zId("Choose an ad.") });
export const ZSavedAdParams = z.object({ ad_id: zId() });
export const ZSavedSearch = z.object({
  page: zPage().optional(),
  search: z.preprocess((value) => (value === "" ? undefined : value), z.string().trim().max(100).optional()),
});

/**
 * A Saved Items entry: the ad as lists show it, and `was_price`, the price the saver saw before its latest price drop
 * while the ad is still below it ("Was $7,000"), else null (issue 29, decision 081).
 */
export const ZSavedAdListItem = ZAdListItem.extend({ was_price: z.number().nullable() });
export type TSavedAdListItem = z.infer<typeof ZSavedAdListItem>;
