import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { AD_IMAGE_VARIANTS, IMAGE_SIZES, WEBP_QUALITY, type AdImageVariant } from "@waterside/shared/images";
import type { Storage } from "./storage.ts";

export type ImageVariants = Record<AdImageVariant, Buffer>;

/**
 * Re-encodes an image into every ad size as WebP. sharp drops all metadata (EXIF, GPS) unless asked to
 * keep it, and `rotate()` first applies the EXIF orientation so photos stay upright.
 */
export async function encodeAdImage(input: Buffer): Promise<ImageVariants> {
  const entries = await Promise.all(
    AD_IMAGE_VARIANTS.map(async (variant) => {
      const { width, height } = IMAGE_SIZES[variant];
      const fit = variant === "large" ? "inside" : "cover";
      const body = await sharp(input)
        .rotate()
        .resize({ width, height, fit, withoutEnlargement: variant === "large" })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer();
      return [variant, body] as const;
    }),
  );
  return Object.fromEntries(entries) as ImageVariants;
}

/** Stores every size under a fresh key in `folder` and returns the key. */
export async function storeAdImage(storage: Storage, folder: string, variants: ImageVariants): Promise<string> {
  const key = `${folder}/${randomUUID()}`;
  await Promise.all(AD_IMAGE_VARIANTS.map((variant) => storage.put(`${key}-${variant}.webp`, variants[variant])));
  return key;
}

/** A single-size WebP (category and subcategory pictures). */
export async function storeSingleImage(
  storage: Storage,
  folder: string,
  input: Buffer,
  size: { width: number; height: number },
): Promise<string> {
  const key = `${folder}/${randomUUID()}`;
  const body = await sharp(input)
    .rotate()
    .resize({ ...size, fit: "cover" })
    .webp({ quality: WEBP_QUALITY })
    .toBuffer();
  await storage.put(`${key}.webp`, body);
  return key;
}
