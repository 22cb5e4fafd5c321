import { CURRENCY_SYMBOLS, type TCurrency } from "@waterside/shared/money";
import { PRICE_DROP_MIN_SHARE } from "@waterside/shared/saved-searches";
import { imageVariantUrl } from "@waterside/shared/images";
import { AD_STATUS } from "@waterside/shared/reference-ids";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { adImages, ads } from "../../db/schema/ads.ts";
import { savedAds } from "../../db/schema/saved-ads.ts";
import type { DomainEvents } from "../../lib/domain-events.ts";
import { liberiaDay, notifyAll } from "../notifications/notification-centre.ts";

/** "$7,000" as the spec writes US$ prices; "L$ 18,000" for an ad priced in Liberian dollars (issue 30). */
const money = (amount: number, currency: TCurrency) => {
  const figure = amount.toLocaleString("en-US", { maximumFractionDigits: 2 });
  return currency === "USD" ? `$${figure}` : `${CURRENCY_SYMBOLS[currency]} ${figure}`;
};

/** What saved ads do when other modules' events happen. */
export function reactToSavedAdsEvents(events: DomainEvents, { mediaBaseUrl }: { mediaBaseUrl: string }) {
  events.onWrite("user.deleted", async ({ userId }, tx) => {
    await tx.delete(savedAds).where(eq(savedAds.user_id, userId));
  });

  /**
   * Price drop (issue 29, decision 081): a seller's edit that leaves the ad at least PRICE_DROP_MIN_SHARE below the
   * price a saver last saw tells that saver, once per ad and day, in the edit's transaction. What they saw becomes
   * the new price, and the old one is kept for Saved Items' "Was $…". A rise, or a smaller cut, tells no one and
   * leaves price_seen as it was, so cuts add up until they reach the share. Prices are the seller's own, in the ad's
   * currency (decision 088): a new exchange rate moves only the US$ price and is never a drop, and a seller's switch
   * of currency is no drop either: what the savers saw starts afresh in the new currency.
   */
  events.onWrite("ad.edited", async ({ adId }, tx) => {
    const [ad] = await tx
      .select({
        title: ads.title,
        price: ads.price_local,
        currency: ads.currency,
        status_id: ads.status_id,
        category_id: ads.category_id,
        subcategory_id: ads.subcategory_id,
      })
      .from(ads)
      .where(eq(ads.id, adId));
    if (!ad || ad.status_id !== AD_STATUS.active) return;
    const currency = ad.currency as TCurrency;
    await tx
      .update(savedAds)
      .set({ price_seen: ad.price, currency_seen: currency, was_price: null })
      .where(and(eq(savedAds.ad_id, adId), ne(savedAds.currency_seen, currency)));
    const dropped = await tx
      .update(savedAds)
      .set({ was_price: sql`${savedAds.price_seen}`, price_seen: ad.price })
      .where(
        and(
          eq(savedAds.ad_id, adId),
          eq(savedAds.currency_seen, currency),
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
        title: `Price drop: ${ad.title} now ${money(ad.price, currency)}, was ${money(was!, currency)}`,
        body: `An ad you saved is ${money(was! - ad.price, currency)} cheaper.`,
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
