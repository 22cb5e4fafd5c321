import type { TAdImage } from "@waterside/shared/ads";
import { IMAGE_SIZES } from "@waterside/shared/images";

/** What a card's `<img>` is given: the file, and the candidates a browser chooses from by `sizes`. */
export interface PhotoSources {
  src: string;
  srcSet?: string;
  sizes?: string;
}

/**
 * A card's photo (decision 006): the small card and the card for the browser to choose from by how wide the list
 * shows it; with the data saver on, the small card alone, whatever the screen (decision 105). `src` stays the card
 * otherwise, for browsers without `srcset`.
 */
export function cardPhoto(
  image: Pick<TAdImage, "card_url" | "card_small_url"> | undefined,
  sizes: string,
  dataSaver: boolean,
): PhotoSources {
  if (!image) return { src: "/favicon.svg" };
  if (dataSaver) return { src: image.card_small_url };
  return {
    src: image.card_url,
    srcSet: `${image.card_small_url} ${IMAGE_SIZES.card_small.width}w, ${image.card_url} ${IMAGE_SIZES.card.width}w`,
    sizes,
  };
}
