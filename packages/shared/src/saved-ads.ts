import { z } from "zod";
import { zId, zPage } from "./ids.ts";

export const ZSaveAd = z.object({ ad_id: zId("Choose an ad.") });
export const ZSavedAdParams = z.object({ ad_id: zId() });
export const ZSavedSearch = z.object({
  page: zPage().optional(),
  search: z.preprocess((value) => (value === "" ? undefined : value), z.string().trim().max(100).optional()),
});
