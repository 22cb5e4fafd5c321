import {
  AD_LIFECYCLE_MESSAGES,
  EXPIRY_REMINDER_TEXT,
  RENEW_WINDOW_DAYS,
  daysLeft,
} from "@waterside/shared/ad-lifecycle";
import { BRAND } from "@waterside/shared/brand";
import { AD_STATUS, USER_STATUS } from "@waterside/shared/reference-ids";
import { SELLING_MESSAGES } from "@waterside/shared/selling-messages";
import { eq, sql } from "drizzle-orm";
import type { Database, Transaction } from "../../db/database.ts";
import { adAttributeValues, adImages, ads } from "../../db/schema/ads.ts";
import type { DomainEvents } from "../../lib/domain-events.ts";
import { AD_IMAGE_VARIANTS } from "@waterside/shared/images";
import { adImageFile, completeAdImage } from "../../lib/images.ts";
import type { Storage } from "../../lib/storage.ts";
import { storeThenWrite, type FileWriter } from "../../lib/stored-files.ts";
import { HttpError, fieldError, notFound } from "../../plugins/errors.ts";
import type { AdScreening } from "../ad-screening/ad-screening.service.ts";
import { notifyAll, type NotifyInput } from "../notifications/notification-centre.ts";
import {
  chattedAbout,
  claimDueReminders,
  expireDueBatch,
  extendBoostedAds,
  findAdToRepost,
  findAttributesByName,
  lockAdLife,
} from "./ad-lifecycle.queries.ts";
import { rateForLrd, usdValue } from "./ad-prices.ts";
import { loadOwnAdItems } from "./own-ad-items.ts";
import { expiresFromNow } from "./selling.service.ts";
import { findSubcategory } from "./selling.queries.ts";

const DAY_MS = 86_400_000;
/** Ads the expiry job changes per statement: short transactions, however many ads are due at once. */
export const EXPIRY_BATCH = 500;
/** Reminders claimed per transaction. */
export const REMINDER_BATCH = 200;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * An ad's expiry reminder as the notification centre keeps it (issues 28 and 29): in the bell, and by push, mail and
 * SMS as the seller's settings, address and verified phone allow (the delivery skips the others). My Ads, on the
 * seller's own profile, is where Renew is.
 */
function expiryReminder(
  ad: { id: number; user_id: number; title: string; expires_at: Date | string },
  publicUrl: string,
): NotifyInput {
  const days = daysLeft(new Date(ad.expires_at).toISOString());
  const heading = EXPIRY_REMINDER_TEXT.title(days);
  const text = EXPIRY_REMINDER_TEXT.body(ad.title);
  const url = `${publicUrl}/profile`;
  return {
    userId: ad.user_id,
    type: "expiry_reminder",
    title: heading,
    body: text,
    url: "/profile",
    // A renewed ad has a new expiry, and its own reminder.
    dedupeKey: `expiry_reminder:${ad.id}:${new Date(ad.expires_at).getTime()}`,
    channels: { push: true, email: true, sms: true },
    email: {
      subject: `${heading} on ${BRAND}`,
      text: `${text}\n\nRenew it: ${url}\n\nTurn these mails off in your profile settings.\n`,
      html: `<p>${escapeHtml(text)}</p><p><a href="${escapeHtml(url)}">Renew it</a></p>`,
    },
    sms: EXPIRY_REMINDER_TEXT.sms(ad.title, days, url),
    pushTag: `ad-expiry-${ad.id}`,
  };
}

/**
 * The life of an ad after posting (issue 28, decision 075): renew, mark sold, repost, and the jobs that expire ads
 * and remind their sellers. Each change is the owner's; a stranger gets 403 and an unknown ad 404, as for edits.
 */
export function createAdLifecycle({
  db,
  storage,
  events,
  mediaBaseUrl,
  publicUrl,
  screening,
  clock = () => new Date(),
}: {
  db: Database;
  storage: Storage;
  events: DomainEvents;
  mediaBaseUrl: string;
  /** The site's address, for the links expiry reminders send by mail and SMS. */
  publicUrl: string;
  /** A repost is a new ad: the posting checks of issue 28 judge it as they judge any (decision 079). */
  screening: AdScreening;
  /** When a reminder is written: its push and SMS wait through the quiet hours from then (tests choose the hour). */
  clock?: () => Date;
}) {
  async function lockOwn(tx: Transaction, adId: number, userId: number) {
    const ad = await lockAdLife(tx, adId);
    if (!ad) throw notFound("Ad");
    if (ad.user_id !== userId) throw new HttpError(403, "Only the seller can change this ad.");
    return ad;
  }

  const ownItem = async (adId: number) => (await loadOwnAdItems(db, [adId], mediaBaseUrl))[0]!;

  /** Copies a stored photo's every size under a fresh key; sizes missing from the original are cut anew. */
  async function copyPhoto(files: FileWriter, key: string) {
    const copy = `ads/${crypto.randomUUID()}`;
    await Promise.all(
      AD_IMAGE_VARIANTS.map(async (variant) => {
        const body = await storage.get(adImageFile(key, variant));
        if (body) await files.put(adImageFile(copy, variant), body);
      }),
    );
    await completeAdImage({ get: (file) => storage.get(file), put: (file, body) => files.put(file, body) }, copy);
    return copy;
  }

  return {
    /**
     * An active ad in its last RENEW_WINDOW_DAYS, or an expired one, lives its category's expiry_days more, from
     * its current expiry or from now if that has passed (no day the seller had is lost). An expired ad is active
     * again and back in the moderation queue, unreviewed, as an edit puts it.
     */
    async renew(userId: number, adId: number) {
      return events.transaction(db, async (tx, publish) => {
        const ad = await lockOwn(tx, adId, userId);
        if (ad.status_id !== AD_STATUS.active && ad.status_id !== AD_STATUS.expired) {
          throw new HttpError(409, AD_LIFECYCLE_MESSAGES.renewNotAllowed);
        }
        if (ad.status_id === AD_STATUS.active && ad.expires_at.getTime() - Date.now() > RENEW_WINDOW_DAYS * DAY_MS) {
          throw new HttpError(409, AD_LIFECYCLE_MESSAGES.renewTooEarly);
        }
        // A banned seller's ads stay offline (decision 050).
        if (ad.owner_status_id !== USER_STATUS.active) throw new HttpError(403, "Only the seller can change this ad.");
        const [renewed] = await tx
          .update(ads)
          .set({
            status_id: AD_STATUS.active,
            expires_at: sql`greatest(now(), ${ads.expires_at}) + make_interval(days => (select expiry_days from categories where id = ${ad.category_id}))`,
          })
          .where(eq(ads.id, adId))
          .returning({ expires_at: ads.expires_at });
        if (ad.status_id === AD_STATUS.expired) await publish("ad.edited", { adId });
        return { expires_at: renewed!.expires_at.toISOString() };
      });
    },

    /**
     * An active or expired ad is sold: out of every list, its page readable SOLD_PAGE_DAYS, its chats open. The
     * buyer, when named, must have chatted with the seller about it: the deal is on record for safe deals.
     */
    async markSold(userId: number, adId: number, buyerUserId: number | undefined) {
      await db.transaction(async (tx) => {
        const ad = await lockOwn(tx, adId, userId);
        if (ad.status_id !== AD_STATUS.active && ad.status_id !== AD_STATUS.expired) {
          throw new HttpError(409, AD_LIFECYCLE_MESSAGES.soldNotAllowed);
        }
        if (buyerUserId !== undefined && !(await chattedAbout(tx, adId, userId, buyerUserId))) {
          throw fieldError("buyer_user_id", AD_LIFECYCLE_MESSAGES.buyerNotInChat);
        }
        await tx
          .update(ads)
          .set({ status_id: AD_STATUS.sold, sold_at: new Date(), buyer_user_id: buyerUserId ?? null })
          .where(eq(ads.id, adId));
      });
      return ownItem(adId);
    },

    /**
     * An expired or sold ad posted again as a new ad: its fields, attribute values and photos (copied files: each ad
     * owns its own, as deleting an ad erases its photos), fresh counters, a new expiry, into the moderation queue.
     */
    async repost(userId: number, adId: number) {
      const found = await findAdToRepost(db, adId);
      if (!found) throw notFound("Ad");
      const { ad, images, values } = found;
      if (ad.user_id !== userId) throw new HttpError(403, "Only the seller can change this ad.");
      if (ad.status_id !== AD_STATUS.expired && ad.status_id !== AD_STATUS.sold) {
        throw new HttpError(409, AD_LIFECYCLE_MESSAGES.repostNotAllowed);
      }
      const subcategory = await findSubcategory(db, ad.subcategory_id);
      if (!subcategory?.active || !subcategory.category_active) {
        throw fieldError("subcategory_id", SELLING_MESSAGES.subcategoryMismatch);
      }
      // An L$ ad is worth its price at today's rate, as a new ad would be (decision 093).
      const usdPrice =
        ad.currency === "LRD"
          ? usdValue(Number(ad.price_local), "LRD", await rateForLrd(db, "currency"))
          : Number(ad.price);
      const verdict = await screening.screenText({
        title: ad.title,
        description: ad.description,
        price: usdPrice,
        subcategory_id: ad.subcategory_id,
        attributes: await findAttributesByName(db, adId),
      });
      const newId = await storeThenWrite(storage, {
        store: (files) => Promise.all(images.map((image) => copyPhoto(files, image.path))),
        write: (keys) =>
          events.transaction(db, async (tx, publish) => {
            const [created] = await tx
              .insert(ads)
              .values({
                user_id: ad.user_id,
                category_id: ad.category_id,
                subcategory_id: ad.subcategory_id,
                county_id: ad.county_id,
                area_id: ad.area_id,
                location: ad.location,
                title: ad.title,
                description: ad.description,
                price: usdPrice,
                currency: ad.currency,
                price_local: ad.price_local,
                latitude: ad.latitude,
                longitude: ad.longitude,
                status_id: AD_STATUS.active,
                expires_at: expiresFromNow(ad.category_id),
              })
              .returning({ id: ads.id });
            const id = created!.id;
            // The copies are the same pictures: their hashes come along.
            if (keys.length) {
              await tx
                .insert(adImages)
                .values(keys.map((path, order) => ({ ad_id: id, path, order, phash: images[order]!.phash })));
            }
            if (values.length)
              await tx.insert(adAttributeValues).values(values.map((value) => ({ ...value, ad_id: id })));
            await screening.screenPhotos(
              tx,
              { id, userId },
              images.map((image) => ({ phash: image.phash, isNew: true })),
              verdict,
            );
            await publish("ad.created", { adId: id, userId });
            return id;
          }),
      });
      return ownItem(newId);
    },

    /**
     * The expiry job's work: boosted ads first live until their boost ends, then every active ad past its expiry
     * is expired, batch by batch. Each statement commits on its own, and the ads_changed triggers clear the cached
     * lists at each commit. Returns how many ads it expired.
     */
    async expireDue(batch = EXPIRY_BATCH) {
      await extendBoostedAds(db);
      let expired = 0;
      for (;;) {
        const ids = await expireDueBatch(db, batch);
        expired += ids.length;
        if (ids.length < batch) return expired;
      }
    },

    /**
     * The reminder job's work: claims the ads due a reminder, and in the claim's transaction writes each one's
     * notification (its deliveries go out once, as the notification centre sends them). Returns the ads claimed.
     */
    async remindDue(batch = REMINDER_BATCH) {
      await extendBoostedAds(db);
      let claimed = 0;
      for (;;) {
        const count = await db.transaction(async (tx) => {
          const rows = await claimDueReminders(tx, batch);
          await notifyAll(
            tx,
            rows.map((row) => expiryReminder(row, publicUrl)),
            clock(),
          );
          return rows.length;
        });
        claimed += count;
        if (count < batch) return claimed;
      }
    },
  };
}

export type AdLifecycle = ReturnType<typeof createAdLifecycle>;
