import type { TAdImage, TAdListItem } from "@waterside/shared/ads";
import { imageVariantUrl } from "@waterside/shared/images";
import type { Database } from "../../db/database.ts";
import { type AdListRow, findListRowsByIds } from "./ads.queries.ts";

/**
 * The ads module's public read model: an ad as every list shows it. Other modules (saved ads, my ads) import
 * this file and nothing else of the ads module.
 */
export async function loadAdListItems(db: Database, ids: number[], mediaBaseUrl: string): Promise<TAdListItem[]> {
  return (await findListRowsByIds(db, ids)).map((row) => toListItem(row, mediaBaseUrl));
}

export function toImage(image: { id: number; path: string; order: number }, mediaBaseUrl: string): TAdImage {
  return {
    id: image.id,
    order: image.order,
    image_url: imageVariantUrl(image.path, "large", mediaBaseUrl),
    card_url: imageVariantUrl(image.path, "card", mediaBaseUrl),
    card_small_url: imageVariantUrl(image.path, "card_small", mediaBaseUrl),
    thumbnail_url: imageVariantUrl(image.path, "thumbnail", mediaBaseUrl),
  };
}

export function toListItem(row: AdListRow, mediaBaseUrl: string): TAdListItem {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    price: Number(row.price),
    currency: row.currency,
    price_local: Number(row.price_local),
    location: row.location,
    images: row.image ? [toImage(row.image, mediaBaseUrl)] : [],
    category_id: row.category_id,
    subcategory_id: row.subcategory_id,
    subcategory: {
      id: row.subcategory_id,
      name: row.subcategory_name,
      category_id: row.category_id,
      category: { id: row.category_id, name: row.category_name },
      price_unit: row.subcategory_price_unit,
    },
    user_id: row.user_id,
    user: {
      id: row.user_id,
      name: row.user_name,
      profile_image_url: row.user_profile_image
        ? imageVariantUrl(row.user_profile_image, "original", mediaBaseUrl)
        : null,
      usertype_id: row.user_usertype_id,
      usertype: { id: row.user_usertype_id, name: row.user_usertype },
      created_at: new Date(row.user_created_at).toISOString(),
      phone_verified: row.user_phone_verified,
    },
    status_id: row.status_id,
    status: { id: row.status_id, name: row.status_name },
    visibility_score: row.visibility_score,
    // Saved state needs a signed-in user (accounts issue); a visitor has saved nothing.
    is_saved: false,
    created_at: new Date(row.created_at).toISOString(),
  };
}
