import { AD_IMAGE_VARIANTS } from "@waterside/shared/images";
import { inArray } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { adImages } from "../../db/schema/ads.ts";
import type { FileOwner } from "../../lib/orphan-files.ts";

/** `ads/<key>-<size>.webp` → `ads/<key>`, the path an ad_images row names. */
const sizeSuffix = new RegExp(`-(${AD_IMAGE_VARIANTS.join("|")})\\.webp$`);

/** The ads' photos for the orphan sweep: a file is kept while an ad_images row names its key. */
export function adImageFileOwner(db: Database): FileOwner {
  return {
    prefix: "ads/",
    async referenced(files) {
      const keys = [...new Set(files.map((file) => file.replace(sizeSuffix, "")))];
      const rows = await db.select({ path: adImages.path }).from(adImages).where(inArray(adImages.path, keys));
      const named = new Set(rows.map((row) => row.path));
      return new Set(files.filter((file) => named.has(file.replace(sizeSuffix, ""))));
    },
  };
}
