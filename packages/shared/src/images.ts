/** Image sizes of spec §5 "Image upload" plus the card size lists need. */
export const IMAGE_SIZES = {
  profile: { width: 400, height: 400 },
  thumbnail: { width: 150, height: 150 },
  card: { width: 480, height: 360 },
  banner: { width: 1200, height: 600 },
  large: { width: 1920, height: 1080 },
} as const;

/** Ad photos are stored in these sizes: lists never download the large one. */
export const AD_IMAGE_VARIANTS = ["thumbnail", "card", "large"] as const;
export type AdImageVariant = (typeof AD_IMAGE_VARIANTS)[number];

export const WEBP_QUALITY = 80;
export const AD_IMAGES_MIN = 2;
export const AD_IMAGES_MAX = 8;

/** URL of one stored size of an image whose storage key is `key`. */
export function imageVariantUrl(key: string, variant: AdImageVariant | "original"): string {
  return variant === "original" ? `/media/${key}.webp` : `/media/${key}-${variant}.webp`;
}
