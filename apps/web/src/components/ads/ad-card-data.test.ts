import type { TAdListItem } from "@waterside/shared/ads";
import { describe, expect, it } from "vitest";
import { toAdCard } from "./ad-card-data";

const photo = (id: number) => ({
  id,
  order: id,
  image_url: `/media/ads/${id}-large.webp`,
  card_url: `/media/ads/${id}-card.webp`,
  card_small_url: `/media/ads/${id}-card_small.webp`,
  thumbnail_url: `/media/ads/${id}-thumbnail.webp`,
});

const listItem: TAdListItem = {
  id: 73,
  title: "Suzuki 2015, Petrol engine",
  description: "Call or chat to come see it in Doe Community.",
  price: 3350,
  currency: "LRD",
  price_local: 626_450,
  location: "Doe Community, Montserrado",
  images: [photo(1), photo(2)],
  category_id: 1,
  subcategory_id: 1,
  subcategory: { id: 1, name: "Cars", category_id: 1, category: { id: 1, name: "Vehicles" }, price_unit: null },
  user_id: 9,
  user: {
    id: 9,
    name: "Red Light Motors",
    profile_image_url: "/media/users/9.webp",
    usertype_id: 2,
    usertype: { id: 2, name: "Company" },
    created_at: "2025-11-16T04:45:51.402Z",
    phone_verified: true,
  },
  status_id: 1,
  status: { id: 1, name: "Active" },
  visibility_score: 27,
  is_saved: false,
  created_at: "2026-11-15T02:41:14.244Z",
};

describe("toAdCard", () => {
  it("keeps what a card shows, its title photo at the card sizes, and nothing else of the ad or its seller", () => {
    expect(toAdCard(listItem)).toEqual({
      id: 73,
      title: "Suzuki 2015, Petrol engine",
      description: "Call or chat to come see it in Doe Community.",
      price: 3350,
      currency: "LRD",
      price_local: 626_450,
      location: "Doe Community, Montserrado",
      category_id: 1,
      subcategory_id: 1,
      created_at: "2026-11-15T02:41:14.244Z",
      images: [{ card_url: "/media/ads/1-card.webp", card_small_url: "/media/ads/1-card_small.webp" }],
      subcategory: { price_unit: null },
      user: { phone_verified: true },
    });
  });

  it("gives an ad without photos a card without one", () => {
    expect(toAdCard({ ...listItem, images: [] }).images).toEqual([]);
  });
});
