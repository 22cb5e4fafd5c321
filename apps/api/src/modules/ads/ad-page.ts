import type { TAdDetail, TAdGalleryImage, TLatestSubscription } from "@waterside/shared/ads";
import { imageVariantUrl } from "@waterside/shared/images";
import { SOLD_PAGE_DAYS } from "@waterside/shared/ad-lifecycle";
import { AD_STATUS } from "@waterside/shared/reference-ids";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { users } from "../../db/schema/users.ts";
import { notFound } from "../../plugins/errors.ts";
import { findLatestSubscription } from "../payments/latest-subscription.ts";
import { loadAdRating } from "../reviews/ad-rating.ts";
import { loadTrust } from "../trust/trust-figures.ts";
import type { SavedAdsService } from "../saved-ads/saved-ads.service.ts";
import { toImage, toListItem } from "./ad-list-items.ts";
import { findAdForPage, lastIssuedAdId } from "./ads.queries.ts";

const DAY_MS = 86_400_000;

/**
 * Whether anyone may open the ad's page: an active ad, or a sold one for SOLD_PAGE_DAYS after it was marked sold
 * (issue 28, decision 075), in active (sub)categories. An expired ad is gone for visitors as a hidden one is.
 */
function isOpenToAll(
  ad: { status_id: number; sold_at: Date | string | null; subcategory_active: boolean; category_active: boolean },
  now = Date.now(),
) {
  if (!ad.subcategory_active || !ad.category_active) return false;
  if (ad.status_id === AD_STATUS.active) return true;
  return (
    ad.status_id === AD_STATUS.sold &&
    ad.sold_at !== null &&
    new Date(ad.sold_at).getTime() > now - SOLD_PAGE_DAYS * DAY_MS
  );
}

/** The ad page (GET /ads/id/:id), and the ad as selling and the admin area show it after their writes. */
export function createAdPage(db: Database, mediaBaseUrl: string, saved: Pick<SavedAdsService, "markSaved">) {
  /**
   * The public ad page: an unknown ad, a hidden, expired or long-sold one or one in an inactive (sub)category is a
   * 404 — except to its seller, who still sees (and can edit, renew or repost) it, and to an admin (`anyStatus`).
   */
  async function adForPage(id: number, viewerId?: number, { anyStatus = false } = {}): Promise<TAdDetail> {
    const found = await findAdForPage(db, id);
    const isSeller = found !== undefined && (anyStatus || (viewerId !== undefined && found.ad.user_id === viewerId));
    if (!found || (!isSeller && !isOpenToAll(found.ad))) throw notFound("Ad");
    const { ad, images, attributes } = found;
    const listItem = toListItem(ad, mediaBaseUrl);
    const [rating, trust, [seller]] = await Promise.all([
      loadAdRating(db, id, viewerId),
      loadTrust(db, ad.user_id),
      db.select({ phone_revealable: users.phone_revealable }).from(users).where(eq(users.id, ad.user_id)),
    ]);
    if (!trust || !seller) throw notFound("Ad");
    return {
      ...listItem,
      user: { ...listItem.user, trust, phone_revealable: seller.phone_revealable },
      rating,
      description: ad.description_full,
      images: images.map((image) => toGalleryImage(image, mediaBaseUrl)),
      latitude: ad.latitude,
      longitude: ad.longitude,
      updated_at: new Date(ad.updated_at).toISOString(),
      expires_at: new Date(ad.expires_at).toISOString(),
      sold_at: ad.sold_at === null ? null : new Date(ad.sold_at).toISOString(),
      attributes: attributes.map((row) => ({
        id: row.id,
        value: row.value,
        attribute_id: row.attribute_id,
        subcategory_attribute_id: row.subcategory_attribute_id,
        attribute: { name: row.name, type: row.type },
      })),
    };
  }

  /**
   * What a link to an ad that the public page does not show points at (decision 059): "gone" for an ad that exists
   * but is not public (hidden, by a ban too; awaiting review; expired; sold over SOLD_PAGE_DAYS ago; in an inactive
   * category) or that was deleted, which
   * leaves no row: an id the ads' identity sequence has issued was an ad's, as ids are never reused. "unknown" for an
   * id never issued. "available" for an ad anyone may open.
   */
  async function availability(id: number): Promise<"available" | "gone" | "unknown"> {
    const found = await findAdForPage(db, id);
    if (found) {
      return isOpenToAll(found.ad) ? "available" : "gone";
    }
    const last = await lastIssuedAdId(db);
    return last !== null && id <= last ? "gone" : "unknown";
  }

  return {
    adForPage,
    availability,

    /**
     * The ad page as its reader sees it: with their saved mark, and with `load=lastest_subscription` (sic, the
     * spec's spelling) the ad's newest boost, for its seller's edit and boost panel. What a seller pays for is
     * theirs: nobody else is told, not even whether the ad is boosted.
     */
    async adPage(
      id: number,
      viewerId: number | undefined,
      load: string | undefined,
    ): Promise<TAdDetail & { lastest_subscription?: TLatestSubscription | null }> {
      const [ad] = await saved.markSaved(viewerId, [await adForPage(id, viewerId)]);
      const ownAd = viewerId !== undefined && ad!.user_id === viewerId;
      const latest = load === "lastest_subscription" && ownAd ? await findLatestSubscription(db, ad!.id) : undefined;
      return { ...ad!, ...(latest !== undefined && { lastest_subscription: latest }) };
    },
  };
}

/** A photo as the ad page shows it: the list sizes, and the gallery's, which only this page needs (decision 062). */
function toGalleryImage(image: { id: number; path: string; order: number }, mediaBaseUrl: string): TAdGalleryImage {
  return {
    ...toImage(image, mediaBaseUrl),
    gallery_url: imageVariantUrl(image.path, "gallery", mediaBaseUrl),
    gallery_large_url: imageVariantUrl(image.path, "gallery_large", mediaBaseUrl),
  };
}
