import { z } from "zod";

export const ZSaveAd = z.object({ ad_id: z.coerce.number({ message: "Choose an ad." }).int().positive() });
export const ZSavedAdParams = z.object({ ad_id: z.coerce.number().int().positive() });
export const ZSavedSearch = z.object({
  page: z.coerce.number().int().min(1, "The page must be 1 or more.").optional(),
  search: z.preprocess((value) => (value === "" ? undefined : value), z.string().trim().max(100).optional()),
});
