import sharp, { type SharpOptions } from "sharp";
import phash from "sharp-phash";

/** sharp-phash's sample: the DCT runs on a 32x32 greyscale copy. */
const SAMPLE = 32;
/**
 * A copy whose greys spread less than this (standard deviation, 0–255) is featureless: a plain colour, a blank page.
 * Its DCT is rounding noise, so its "hash" would match every other plain picture; it gets none (decision 078).
 */
export const FEATURELESS_STDEV = 2;

/**
 * A photo's perceptual hash (decision 078): sharp-phash's DCT pHash of a 32x32 greyscale copy, 64 bits, read as a
 * signed 64-bit integer so PostgreSQL's `bigint` holds it as it is. Two copies of one photo (re-saved, resized,
 * re-encoded, lightly cropped) differ in a few bits; two different photos in about half of them.
 *
 * A featureless picture (a plain colour) has no hash: null.
 *
 * `input` is an encoded image, or raw pixels with `{ raw: { width, height, channels } }`: the upload's decoded copy,
 * so hashing costs a 32x32 resize and the DCT rather than a second decode.
 */
export async function photoHash(input: Buffer, options?: SharpOptions): Promise<bigint | null> {
  // The sample sharp-phash would take, made once here: its own greyscale and resize then have nothing left to do.
  const sample = await sharp(input, options)
    .rotate()
    .greyscale()
    .resize(SAMPLE, SAMPLE, { fit: "fill" })
    .raw()
    .toBuffer();
  if (standardDeviation(sample) < FEATURELESS_STDEV) return null;
  const bits = await phash(sample, { raw: { width: SAMPLE, height: SAMPLE, channels: 1 } });
  return BigInt.asIntN(64, BigInt(`0b${bits}`));
}

function standardDeviation(values: Uint8Array) {
  let sum = 0;
  let squares = 0;
  for (const value of values) {
    sum += value;
    squares += value * value;
  }
  const mean = sum / values.length;
  return Math.sqrt(Math.max(0, squares / values.length - mean * mean));
}

/** How many of the 64 bits two hashes differ in. */
export function hammingDistance(a: bigint, b: bigint): number {
  let diff = BigInt.asUintN(64, a ^ b);
  let bits = 0;
  while (diff) {
    diff &= diff - 1n;
    bits += 1;
  }
  return bits;
}

/** The hash's four 16-bit bands, high to low, as the `ad_images_phash_band{0..3}_idx` indexes read them. */
export const PHOTO_HASH_BAND_SHIFTS = [48, 32, 16, 0] as const;

export function photoHashBands(hash: bigint): number[] {
  return PHOTO_HASH_BAND_SHIFTS.map((shift) => Number((hash >> BigInt(shift)) & 0xffffn));
}
