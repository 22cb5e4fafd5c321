/** What the server says about a refused upload, next to its field. */
export const IMAGE_MESSAGES = {
  notAnImage: "The file is not an image. Please choose a photo (JPEG, PNG, WebP, HEIC…).",
  tooManyPixels: "The image is too large. Please choose a photo under 40 megapixels.",
  tooLarge: "The image is too large. Each photo can be 10 MB at most.",
} as const;
