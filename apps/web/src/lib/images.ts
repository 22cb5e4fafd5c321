/** Spec §5 image upload: pictures are converted to WebP at quality 0.8 in the browser, so phones send little. */
export const WEBP_QUALITY = 0.8;

/** Draws a picture (or a part of it) into a WebP no larger than `max`, keeping its proportions. */
export async function toWebp(
  source: Blob,
  max: { width: number; height: number },
  area?: { x: number; y: number; width: number; height: number },
): Promise<Blob> {
  const bitmap = await createImageBitmap(source);
  const crop = area ?? { x: 0, y: 0, width: bitmap.width, height: bitmap.height };
  const scale = Math.min(1, max.width / crop.width, max.height / crop.height);
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(crop.width * scale);
  canvas.height = Math.round(crop.height * scale);
  canvas
    .getContext("2d")!
    .drawImage(bitmap, crop.x, crop.y, crop.width, crop.height, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("Encoding failed"))), "image/webp", WEBP_QUALITY),
  );
}
