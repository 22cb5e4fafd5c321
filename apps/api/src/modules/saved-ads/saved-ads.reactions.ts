import { PRICE_DROP_MIN_SHARE } from "@waterside/shared/saved-searches";
import { imageVariantUrl } from "@waterside/shared/images";
import { AD_STATUS } from "@waterside/shared/reference-ids";
import { and, asc, eq, sql } from "drizzle-orm";
import { adImages, ads } from "../../db/schema/ads.ts";
import { savedAds } from "../../db/schema/saved-ads.ts";
import type { DomainEvents } from "../../lib/domain-events.ts";
import { liberiaDay, notifyAll } from "../notifications/notification-centre.ts";

const dollars = (amount: number) => `$${amount.toLocaleString("en-US", { maximumFractionDigits: 2 })}`;

/** What saved ads do when other modules' events happen. */
export function reactToSavedAdsEvents(events: DomainEvents, { mediaBaseUrl }: { mediaBaseUrl: string }) {
  events.onWrite("user.deleted", async ({ userId }, tx) => {
    await tx.delete(savedAds).where(eq(savedAds.user_id, userId));
  });

  /**
   * Price drop (issue 29, decision 081): a seller's edit that leaves the ad at least PRICE_DROP_MIN_SHARE below the
   * price a saver last saw tells that saver, once per ad and day, in the edit's transaction. What they saw becomes
   * the new price, and the old one is kept for Saved Items' "Was $…". A rise, or a smaller cut, tells no one and
   * leaves price_seen as it was, so cuts add up until they reach the share.
   */
  events.onWrite("ad.edited", async ({ adId }, tx) => {
    const [ad] = await tx
      .select({
        title: ads.title,
        price: ads.price,
        status_id: ads.status_id,
        category_id: ads.category_id,
        subcategory_id: ads.subcategory_id,
      })
      .from(ads)
      .where(eq(ads.id, adId));
    if (!ad || ad.status_id !== AD_STATUS.active) return;
    const dropped = await tx
      .update(savedAds)
      .set({ was_price: sql`${savedAds.price_seen}`, price_seen: ad.price })
      .where(
        and(
          eq(savedAds.ad_id, adId),
          sql`${ad.price}::numeric <= ${savedAds.price_seen} * (1 - ${PRICE_DROP_MIN_SHARE}::numeric)`,
        ),
      )
      .returning({ userId: savedAds.user_id, was: savedAds.was_price });
    if (dropped.length === 0) return;
    const [photo] = await tx
      .select({ path: adImages.path })
      .from(adImages)
      .where(eq(adImages.ad_id, adId))
      .orderBy(asc(adImages.order), asc(adImages.id))
      .limit(1);
    const day = liberiaDay(new Date());
    // Every saver's notification in three statements, however many saved it (notifyAll).
    await notifyAll(
      tx,
      dropped.map(({ userId, was }) => ({
        userId,
        type: "price_drop",
        title: `Price drop: ${ad.title} now ${dollars(ad.price)}, was ${dollars(was!)}`,
        body: `An ad you saved is ${dollars(was! - ad.price)} cheaper.`,
        // The ad's page, as the web app addresses it.
        url: `/categories/${ad.category_id}/${ad.subcategory_id}/${adId}`,
        imageUrl: photo ? imageVariantUrl(photo.path, "card", mediaBaseUrl) : null,
        dedupeKey: `price_drop:${adId}:${userId}:${day}`,
        channels: { push: true, email: false, sms: false },
        pushTag: `price-drop-${adId}`,
      })),
    );
  });
}
