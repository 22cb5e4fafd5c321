/** Image sizes of spec §5 "Image upload" plus the two card sizes lists need (decision 006). */
export const IMAGE_SIZES = {
  profile: { width: 400, height: 400 },
  thumbnail: { width: 150, height: 150 },
  /** Cards on phones: 156–182 CSS px wide, so 360 px covers a device pixel ratio of 2. */
  card_small: { width: 360, height: 270 },
  card: { width: 480, height: 360 },
  banner: { width: 1200, height: 600 },
  large: { width: 1920, height: 1080 },
} as const;

/** Ad photos are stored in these sizes: lists never download the large one. */
export const AD_IMAGE_VARIANTS = ["thumbnail", "card_small", "card", "large"] as const;
export type AdImageVariant = (typeof AD_IMAGE_VARIANTS)[number];

export const WEBP_QUALITY = 80;
export const AD_IMAGES_MIN = 2;
export const AD_IMAGES_MAX = 8;

/**
 * URL of one stored size of an image whose storage key is `key`. `mediaBaseUrl` is where stored files are
 * fetched from: the API's `/media`, or a CDN or bucket (MEDIA_BASE_URL).
 */
export function imageVariantUrl(key: string, variant: AdImageVariant | "original", mediaBaseUrl: string): string {
  return variant === "original" ? `${mediaBaseUrl}/${key}.webp` : `${mediaBaseUrl}/${key}-${variant}.webp`;
}
