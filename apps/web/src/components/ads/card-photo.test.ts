import { describe, expect, it } from "vitest";
import type { TAdImage } from "@waterside/shared/ads";
import { cardPhoto } from "./card-photo";

const image: TAdImage = {
  id: 7,
  order: 0,
  image_url: "/media/ads/a.webp",
  card_url: "/media/ads/a-card.webp",
  card_small_url: "/media/ads/a-card_small.webp",
  thumbnail_url: "/media/ads/a-thumbnail.webp",
};
const SIZES = "(min-width: 640px) 222px, 174px";

describe("a card's photo", () => {
  it("offers the small card and the card, by how wide the list shows it", () => {
    expect(cardPhoto(image, SIZES, false)).toEqual({
      src: image.card_url,
      srcSet: `${image.card_small_url} 360w, ${image.card_url} 480w`,
      sizes: SIZES,
    });
  });

  it("is the small card alone with the data saver on, so no screen can choose a larger one", () => {
    expect(cardPhoto(image, SIZES, true)).toEqual({ src: image.card_small_url });
  });

  it("is the placeholder for an ad without photos", () => {
    expect(cardPhoto(undefined, SIZES, true)).toEqual({ src: "/favicon.svg" });
  });
});
