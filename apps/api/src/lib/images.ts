import { randomUUID } from "node:crypto";
import sharp, { type Metadata, type Sharp } from "sharp";
import { AD_IMAGE_VARIANTS, IMAGE_SIZES, WEBP_QUALITY, type AdImageVariant } from "@waterside/shared/images";
import { IMAGE_MESSAGES } from "@waterside/shared/images-messages";
import { photoHash } from "./photo-hash.ts";
import type { Storage } from "./storage.ts";
import { removeFiles, type FileWriter } from "./stored-files.ts";

export type ImageVariants = Record<AdImageVariant, Buffer>;

/**
 * A decompression bomb (a small file that decodes to billions of pixels) is refused before decoding:
 * 40 megapixels is more than any phone camera gives (docs/decisions/025-posting-ads.md).
 */
export const MAX_INPUT_PIXELS = 40_000_000;
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif", "avif", "heif", "tiff"]);

/** An upload that is not an image we take; answered 422 with its message next to `field`. */
export class ImageRejectedError extends Error {
  constructor(
    message: string,
    readonly field = "images",
  ) {
    super(message);
  }
}

/**
 * Reads an upload by its content, never its name or declared type: only real images of the accepted
 * formats within the pixel limit pass. Returns a sharp pipeline already turned upright by EXIF.
 */
export async function readUploadedImage(input: Buffer, field = "images") {
  let metadata: Metadata;
  try {
    metadata = await sharp(input).metadata();
  } catch {
    throw new ImageRejectedError(IMAGE_MESSAGES.notAnImage, field);
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) {
    throw new ImageRejectedError(IMAGE_MESSAGES.notAnImage, field);
  }
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_INPUT_PIXELS) {
    throw new ImageRejectedError(IMAGE_MESSAGES.tooManyPixels, field);
  }
  // `rotate()` applies the EXIF orientation; the WebP written from it carries no metadata (EXIF, GPS, XMP).
  return () => sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" }).rotate();
}

/** libvips' default effort: uploads are encoded as small as it gets, for users paying for every byte. */
const WEBP_EFFORT = 4;

const encode = (pipeline: Sharp, field: string, effort = WEBP_EFFORT) =>
  run(pipeline.webp({ quality: WEBP_QUALITY, effort }).toBuffer(), field);

async function run<T>(work: Promise<T>, field: string): Promise<T> {
  try {
    return await work;
  } catch {
    // Truncated or corrupt data that got past the header check.
    throw new ImageRejectedError(IMAGE_MESSAGES.notAnImage, field);
  }
}

/**
 * Re-encodes an image into every ad size as WebP, upright and without metadata. `effort` trades encoding time for bytes: the demo seed, which encodes hundreds of
 * photos on a first start, spends less (files about 6 % larger); uploads keep the default.
 */
export async function encodeAdImage(input: Buffer, field = "images", effort = WEBP_EFFORT): Promise<ImageVariants> {
  return (await encodeAdImageVariants(input, AD_IMAGE_VARIANTS, field, effort)).bodies;
}

/**
 * `encodeAdImage` and the photo's perceptual hash (issue 28, decision 078), taken from the decoded copy the sizes are
 * cut from: no second decode of the upload.
 */
export async function encodeAdPhoto(
  input: Buffer,
  field = "images",
  effort = WEBP_EFFORT,
): Promise<{ variants: ImageVariants; phash: bigint | null }> {
  const { bodies, phash } = await encodeAdImageVariants(input, AD_IMAGE_VARIANTS, field, effort, true);
  return { variants: bodies, phash: phash ?? null };
}

/**
 * The large size fits inside its box and is never enlarged; the others are cropped to fill theirs. Decoding is a good
 * part of the work (decision 062): the cropped sizes are cut from one decoded copy just big enough for the biggest of
 * them, rather than from the upload once each, and an alpha channel that is opaque throughout (a photo or drawing
 * saved as PNG) is dropped first, since resizing it costs as much as a colour and WebP stores no alpha for it anyway.
 */
async function encodeAdImageVariants<Variant extends AdImageVariant>(
  input: Buffer,
  variants: readonly Variant[],
  field: string,
  effort = WEBP_EFFORT,
  hash = false,
): Promise<{ bodies: Record<Variant, Buffer>; phash?: bigint | null }> {
  const open = await readUploadedImage(input, field);
  // Every caller asks for cropped sizes: all of them, or the ones a stored picture lacks (`large` is never lacking).
  const cropped = variants.filter((variant) => variant !== "large");
  const box = {
    width: Math.max(...cropped.map((variant) => IMAGE_SIZES[variant].width)),
    height: Math.max(...cropped.map((variant) => IMAGE_SIZES[variant].height)),
  };
  const decoded = await run(
    open()
      .resize({ ...box, fit: "outside", withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true }),
    field,
  );
  const opaque = isOpaque(decoded.data, decoded.info.channels);
  const copy = () => {
    const { width, height, channels } = decoded.info;
    const pipeline = sharp(decoded.data, { raw: { width, height, channels } });
    return opaque ? pipeline.removeAlpha() : pipeline;
  };
  // The hash runs beside the encodings; a failure is still thrown where it is awaited, never left unhandled.
  const raw = { width: decoded.info.width, height: decoded.info.height, channels: decoded.info.channels };
  const hashed = hash ? run(photoHash(decoded.data, { raw }), field) : Promise.resolve(undefined);
  hashed.catch(() => undefined);
  const bodies = new Map(
    await Promise.all(
      cropped.map(async (variant) => {
        const { width, height } = IMAGE_SIZES[variant];
        return [variant, await encode(copy().resize({ width, height, fit: "cover" }), field, effort)] as const;
      }),
    ),
  );
  if (variants.includes("large" as Variant)) {
    // A picture exactly the size of a cropped variant (the demo's 1080x810 photos) is that variant unchanged: its
    // large size is the same file, not a second encoding of the same pixels.
    const { width, height } = IMAGE_SIZES.large;
    const meta = await run(open().metadata(), field);
    const [sourceWidth, sourceHeight] =
      (meta.orientation ?? 1) >= 5 ? [meta.height, meta.width] : [meta.width, meta.height];
    const same = cropped.find(
      (variant) => IMAGE_SIZES[variant].width === sourceWidth && IMAGE_SIZES[variant].height === sourceHeight,
    );
    const large =
      same && sourceWidth <= width && sourceHeight <= height
        ? bodies.get(same)!
        : await encode(
            (opaque ? open().removeAlpha() : open()).resize({ width, height, fit: "inside", withoutEnlargement: true }),
            field,
            effort,
          );
    bodies.set("large" as Variant, large);
  }
  return {
    bodies: Object.fromEntries(variants.map((variant) => [variant, bodies.get(variant)!])) as Record<Variant, Buffer>,
    phash: await hashed,
  };
}

/** Whether decoded pixels with `channels` bands (2 or 4 carry alpha, last) are opaque throughout. */
function isOpaque(pixels: Buffer, channels: number) {
  if (channels !== 2 && channels !== 4) return false;
  for (let alpha = channels - 1; alpha < pixels.length; alpha += channels) if (pixels[alpha] !== 255) return false;
  return true;
}

/** Storage file of one size of an ad image stored under `key`. */
export const adImageFile = (key: string, variant: AdImageVariant) => `${key}-${variant}.webp`;

/** Storage files of an ad image stored under `key`. */
export const adImageFiles = (key: string) => AD_IMAGE_VARIANTS.map((variant) => adImageFile(key, variant));

/**
 * Writes the sizes an ad image stored under `key` lacks (a size added after it was posted), cut from its stored
 * large size: the original upload is not kept, and the large one is the closest to it. Sizes already stored are left
 * as they are, so running it again writes nothing. Returns the sizes written, or null when the large size itself is
 * missing and nothing can be cut.
 */
export async function completeAdImage(
  storage: Pick<Storage, "get" | "put">,
  key: string,
): Promise<AdImageVariant[] | null> {
  const derived = AD_IMAGE_VARIANTS.filter((variant) => variant !== "large");
  const stored = await Promise.all(derived.map((variant) => storage.get(adImageFile(key, variant))));
  const missing = derived.filter((_, index) => stored[index] === null);
  if (missing.length === 0) return [];
  const large = await storage.get(adImageFile(key, "large"));
  if (!large) return null;
  const { bodies } = await encodeAdImageVariants(large, missing, "images");
  await Promise.all(missing.map((variant) => storage.put(adImageFile(key, variant), bodies[variant])));
  return missing;
}

/** Stores every size under a fresh key in `folder` and returns the key. */
export async function storeAdImage(storage: FileWriter, folder: string, variants: ImageVariants): Promise<string> {
  const key = `${folder}/${randomUUID()}`;
  const written = await Promise.allSettled(
    AD_IMAGE_VARIANTS.map((variant) => storage.put(adImageFile(key, variant), variants[variant])),
  );
  const failure = written.find((result) => result.status === "rejected");
  if (failure) {
    // No half-stored picture stays behind.
    await removeFiles(storage, adImageFiles(key));
    throw failure.reason;
  }
  return key;
}

/** Storage file of a single-size image stored under `key`. */
export const singleImageFile = (key: string) => `${key}.webp`;

/** A single-size WebP (profile pictures, banners, category pictures), checked like any upload. */
export async function storeSingleImage(
  storage: FileWriter,
  folder: string,
  input: Buffer,
  size: { width: number; height: number },
  field = "images",
): Promise<string> {
  const open = await readUploadedImage(input, field);
  const body = await encode(open().resize({ ...size, fit: "cover" }), field);
  const key = `${folder}/${randomUUID()}`;
  await storage.put(singleImageFile(key), body);
  return key;
}
