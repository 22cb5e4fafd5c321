import { describe, expect, it } from "vitest";
import type { TAdGalleryImage } from "@waterside/shared/ads";
import { fullScreenPhoto, MAIN_PHOTO_SIZES, mainPhoto, photoSizeLabel } from "./gallery-photo";

const image: TAdGalleryImage = {
  id: 7,
  order: 0,
  image_url: "/media/ads/a.webp",
  card_url: "/media/ads/a-card.webp",
  card_small_url: "/media/ads/a-card_small.webp",
  thumbnail_url: "/media/ads/a-thumbnail.webp",
  gallery_url: "/media/ads/a-gallery.webp",
  gallery_large_url: "/media/ads/a-gallery_large.webp",
};
describe("the ad page's photos", () => {
  it("offer the card and the gallery sizes, for the browser to match the screen", () => {
    expect(mainPhoto(image, { dataSaver: false, cardOnly: false })).toEqual({
      src: image.card_url,
      srcSet: `${image.card_url} 480w, ${image.gallery_url} 768w, ${image.gallery_large_url} 1080w`,
      sizes: MAIN_PHOTO_SIZES,
    });
    expect(mainPhoto(image, { dataSaver: false, cardOnly: true })).toEqual({ src: image.card_url });
  });

  it("are the small card alone with the data saver on, and the gallery size full screen", () => {
    expect(mainPhoto(image, { dataSaver: true, cardOnly: false })).toEqual({ src: image.card_small_url });
    expect(fullScreenPhoto(image, true)).toBe(image.gallery_url);
    expect(fullScreenPhoto(image, false)).toBe(image.image_url);
  });

  it.each([
    ["23552", "23 KB"],
    ["300", "1 KB"],
    ["0", null],
    [null, null],
    ["lots", null],
  ])("a Content-Length of %s reads %s", (length, label) => {
    expect(photoSizeLabel(length)).toBe(label);
  });
});
