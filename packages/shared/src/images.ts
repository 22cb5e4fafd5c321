/** Image sizes of spec §5 "Image upload" plus the two card sizes lists need (decision 006). */
export const IMAGE_SIZES = {
  profile: { width: 400, height: 400 },
  thumbnail: { width: 150, height: 150 },
  /** Cards on phones: 156–182 CSS px wide, so 360 px covers a device pixel ratio of 2. */
  card_small: { width: 360, height: 270 },
  card: { width: 480, height: 360 },
  /**
   * The ad page's main photo (decision 062): 725 CSS px wide on a 1280 px desktop, 656–984 device pixels on phones
   * of 360 CSS px at a pixel ratio of 2–3. 768 covers the desktop and the ratio-2 phones, 1080 the denser ones.
   */
  gallery: { width: 768, height: 576 },
  gallery_large: { width: 1080, height: 810 },
  banner: { width: 1200, height: 600 },
  large: { width: 1920, height: 1080 },
} as const;

/** Ad photos are stored in these sizes: lists never download the gallery or large ones. */
export const AD_IMAGE_VARIANTS = ["thumbnail", "card_small", "card", "gallery", "gallery_large", "large"] as const;
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
