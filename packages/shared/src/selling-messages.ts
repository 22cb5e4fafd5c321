/** Messages of the sell wizard and its API (spec selling §5, §8), without zod for the web's lighter parts. */
export const SELLING_MESSAGES = {
  titleRequired: "Title is required",
  categoryRequired: "Category is required",
  subcategoryRequired: "Subcategory is required",
  locationRequired: "Location is required",
  priceRequired: "Price is required",
  priceInvalid: "Price must be a number of 0 or more",
  currencyInvalid: "Choose US$ or L$ for the price.",
  currencyNoRate: "L$ prices can be posted once an exchange rate is set. Price the ad in US$ for now.",
  descriptionRequired: "Description is required",
  imagesMin: "Please upload at least two images.",
  imagesMax: "You can upload at most 8 images.",
  imagesDuplicate: "Each image can be kept only once.",
  subcategoryMismatch: "Choose a subcategory of the chosen category.",
  locationUnknown: "Choose a location from the list.",
  locationAmbiguous: (choices: string[]) => `This place is in more than one county: choose ${choices.join(" or ")}.`,
  attributeRequired: (name: string) => `${name} is required`,
  attributeBoolean: (name: string) => `${name} must be Yes or No`,
  attributeOption: (name: string) => `${name} must be one of its options`,
  attributeNumber: (name: string) => `${name} must be a number`,
  duplicate: "You already posted this ad in the last 24 hours.",
  created: "Ad Created!",
  updated: "Ad Updated!",
  deleted: "Ad Deleted successfuly!",
  createFailed: "Create failed",
  updateFailed: "Update failed",
  deleteFailed: "Ad Delete failed",
  savedToDraft: "Saved To Draft!",
  deleteConfirm: "Are you sure you want to Delete this ad?",
  // Ours (issue 31, decision 104): an ad posted without a connection waits on the phone.
  queued: "You are offline. Your ad will be posted when the connection returns.",
  queuedPosted: (title: string) => `Your ad "${title}" was posted.`,
  queuedRefused: (title: string, reason: string) =>
    `Your ad "${title}" could not be posted: ${reason} It is in your drafts to correct.`,
} as const;

/** Posting limit per user (docs/decisions/025-posting-ads.md). */
export const POSTING_LIMIT = { max: 20, windowMinutes: 60 } as const;
export const AD_TITLE_MAX = 120;
export const AD_DESCRIPTION_MAX = 5000;
/** An attribute value names an option or a short fact ("Toyota", "2014"); list indexes carry them (decision 028). */
export const AD_ATTRIBUTE_VALUE_MAX = 100;
export const AD_PRICE_MAX = 100_000_000;
