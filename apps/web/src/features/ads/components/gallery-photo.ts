import type { TAdGalleryImage } from "@waterside/shared/ads";
import { IMAGE_SIZES } from "@waterside/shared/images";
import type { PhotoSources } from "~/components/ads/card-photo";

/**
 * How wide the main photo shows (decision 062), from the ad page's classes: the page's padding (px-4, sm:px-6) on
 * phones and tablets; from lg the 3fr column of the max-w-7xl page beside a gap-6, 725 px once the page stops growing.
 * Change it with those classes: a wrong value costs bytes or sharpness, never layout.
 */
export const MAIN_PHOTO_SIZES =
  "(min-width: 1280px) 725px, (min-width: 1024px) calc(60vw - 43px), (min-width: 640px) calc(100vw - 48px), calc(100vw - 32px)";

/**
 * The main photo. Normally the card (already cached from the list a buyer came from) and the gallery's sizes, for
 * the browser to choose the one as sharp as the screen; the card alone when the gallery sizes failed to load (a photo
 * not yet backfilled, decision 062). With the data saver on, the small card alone: the file the light list showed,
 * so a photo tapped open after a list often comes from the cache (decision 105).
 */
export function mainPhoto(
  image: TAdGalleryImage,
  { dataSaver, cardOnly }: { dataSaver: boolean; cardOnly: boolean },
): PhotoSources {
  if (dataSaver) return { src: image.card_small_url };
  if (cardOnly) return { src: image.card_url };
  return {
    src: image.card_url,
    srcSet: [
      `${image.card_url} ${IMAGE_SIZES.card.width}w`,
      `${image.gallery_url} ${IMAGE_SIZES.gallery.width}w`,
      `${image.gallery_large_url} ${IMAGE_SIZES.gallery_large.width}w`,
    ].join(", "),
    sizes: MAIN_PHOTO_SIZES,
  };
}

/** The full-screen viewer's photo: the large size, or with the data saver on the 768 px gallery size (a phone's width). */
export const fullScreenPhoto = (image: TAdGalleryImage, dataSaver: boolean) =>
  dataSaver ? image.gallery_url : image.image_url;

/** "23 KB" from a `Content-Length`; null when the length is unknown (absent, or not a number). */
export function photoSizeLabel(contentLength: string | null): string | null {
  const bytes = Number(contentLength ?? Number.NaN);
  if (!contentLength || !Number.isFinite(bytes) || bytes <= 0) return null;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
