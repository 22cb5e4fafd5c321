import type { TAdImage, TAdListItem } from "@waterside/shared/ads";

/**
 * What a list card shows of an ad (AdCard), and all that a server-rendered list sends of it: the page carries its
 * loader's answer for the app to hydrate, on every first visit and in every move between lists, so a card that kept
 * the whole list item (its seller, status, category names, four photo sizes) sent about twice the bytes it shows.
 * A whole list item is a card too: lists fetched in the browser pass theirs as they are.
 */
export type TAdCard = Pick<
  TAdListItem,
  | "id"
  | "title"
  | "description"
  | "price"
  | "currency"
  | "price_local"
  | "location"
  | "category_id"
  | "subcategory_id"
  | "created_at"
> & {
  /** The title photo, at the two card sizes (decision 006). */
  images: Array<Pick<TAdImage, "card_url" | "card_small_url">>;
  subcategory: Pick<TAdListItem["subcategory"], "price_unit">;
  user: Pick<TAdListItem["user"], "phone_verified">;
};

export const toAdCard = (ad: TAdListItem): TAdCard => ({
  id: ad.id,
  title: ad.title,
  description: ad.description,
  price: ad.price,
  currency: ad.currency,
  price_local: ad.price_local,
  location: ad.location,
  category_id: ad.category_id,
  subcategory_id: ad.subcategory_id,
  created_at: ad.created_at,
  images: ad.images.slice(0, 1).map(({ card_url, card_small_url }) => ({ card_url, card_small_url })),
  subcategory: { price_unit: ad.subcategory.price_unit },
  user: { phone_verified: ad.user.phone_verified },
});
