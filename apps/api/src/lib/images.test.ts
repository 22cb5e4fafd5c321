import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { IMAGE_MESSAGES } from "@waterside/shared/images-messages";
import { ImageRejectedError, encodeAdImage, readUploadedImage } from "./images.ts";

const photo = (format: "png" | "jpeg", width = 640, height = 480) => {
  const image = sharp({ create: { width, height, channels: 3, background: "#2a6" } });
  return (format === "png" ? image.png() : image.jpeg()).toBuffer();
};

describe("uploaded images", () => {
  it("takes an image by its content whatever its name, and re-encodes every size to WebP", async () => {
    // A PNG that a phone calls "photo.jpg": the bytes decide, not the name.
    const variants = await encodeAdImage(await photo("png"));
    for (const [variant, body] of Object.entries(variants)) {
      const metadata = await sharp(body).metadata();
      expect(metadata.format, variant).toBe("webp");
    }
    expect((await sharp(variants.thumbnail).metadata()).width).toBe(150);
    expect((await sharp(variants.card).metadata()).width).toBe(480);
    const small = await sharp(variants.card_small).metadata();
    expect([small.width, small.height]).toEqual([360, 270]);
    // The ad page's gallery sizes are 4:3 crops, enlarged from a 640 px photo like the card (decision 062).
    const gallery = await sharp(variants.gallery).metadata();
    expect([gallery.width, gallery.height]).toEqual([768, 576]);
    const galleryLarge = await sharp(variants.gallery_large).metadata();
    expect([galleryLarge.width, galleryLarge.height]).toEqual([1080, 810]);
  });

  it("keeps a cut-out's transparency in every size, and stores an opaque PNG without an alpha channel", async () => {
    const cutOut = await sharp({ create: { width: 800, height: 600, channels: 4, background: "#00000000" } })
      .composite([
        { input: { create: { width: 400, height: 600, channels: 4, background: "#22aa66ff" } }, left: 200, top: 0 },
      ])
      .png()
      .toBuffer();
    for (const [variant, body] of Object.entries(await encodeAdImage(cutOut))) {
      const stats = await sharp(body).stats();
      expect([stats.isOpaque, stats.channels.length], variant).toEqual([false, 4]);
    }
    const opaque = await sharp({ create: { width: 800, height: 600, channels: 4, background: "#22aa66ff" } })
      .png()
      .toBuffer();
    for (const [variant, body] of Object.entries(await encodeAdImage(opaque))) {
      expect((await sharp(body).metadata()).hasAlpha, variant).toBe(false);
    }
  });

  it("stores a picture already the size of the large gallery once for both sizes, and a bigger one in its own", async () => {
    const exact = await encodeAdImage(await photo("jpeg", 1080, 810));
    expect(exact.large).toBe(exact.gallery_large);
    const bigger = await encodeAdImage(await photo("jpeg", 2000, 1500));
    expect(bigger.large).not.toBe(bigger.gallery_large);
    const large = await sharp(bigger.large).metadata();
    expect([large.width, large.height]).toEqual([1440, 1080]);
  });

  it("encodes with less effort when asked (the demo seed), into the same sizes", async () => {
    const quick = await encodeAdImage(await photo("png", 1200, 900), "images", 0);
    const card = await sharp(quick.card).metadata();
    expect([card.format, card.width, card.height]).toEqual(["webp", 480, 360]);
  });

  it("refuses a text file renamed .jpg", async () => {
    await expect(readUploadedImage(Buffer.from("just some words, not a picture"))).rejects.toThrow(
      new ImageRejectedError(IMAGE_MESSAGES.notAnImage),
    );
  });

  it("neutralises an HTML/JPEG polyglot: what is stored is a clean WebP with no markup", async () => {
    const jpeg = await photo("jpeg");
    const polyglot = Buffer.concat([jpeg, Buffer.from("<html><script>alert(document.cookie)</script></html>")]);
    const { large } = await encodeAdImage(polyglot);
    expect(large.includes("<script")).toBe(false);
    expect(large.includes("<html")).toBe(false);
    expect((await sharp(large).metadata()).format).toBe("webp");
  });

  it("refuses a decompression bomb by its pixel count, before decoding it", async () => {
    const huge = await sharp({ create: { width: 10_000, height: 5_000, channels: 3, background: "#000" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(huge.length).toBeLessThan(2_000_000);
    await expect(encodeAdImage(huge)).rejects.toThrow(IMAGE_MESSAGES.tooManyPixels);
  });

  it("turns photos upright by EXIF and strips every bit of metadata, GPS included", async () => {
    const withGps = await sharp({ create: { width: 400, height: 200, channels: 3, background: "#c33" } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({ IFD0: { Make: "PhoneMaker" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "6/1 18/1 0/1" } })
      .toBuffer();
    expect((await sharp(withGps).metadata()).orientation).toBe(6);
    expect((await sharp(withGps).metadata()).exif).toBeDefined();
    const { large } = await encodeAdImage(withGps);
    const stored = await sharp(large).metadata();
    expect(stored.exif).toBeUndefined();
    expect(stored.icc).toBeUndefined();
    expect(stored.xmp).toBeUndefined();
    // Orientation 6 means "rotate 90°": the 400x200 photo is stored 200x400.
    expect([stored.width, stored.height]).toEqual([200, 400]);
  });
});
