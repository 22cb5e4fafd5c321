import { checkAdAttributes } from "@waterside/shared/ad-attribute-rules";
import { AD_IMAGES_MAX, AD_IMAGES_MIN } from "@waterside/shared/images";
import { AD_STATUS } from "@waterside/shared/reference-ids";
import { SELLING_MESSAGES } from "@waterside/shared/selling-messages";
import type { TAdForm, TAdStatusFilter } from "@waterside/shared/selling";
import { and, count, desc, eq, notInArray, sql } from "drizzle-orm";
import type { Database, Transaction } from "../../db/database.ts";
import { adAttributeValues, adImages, ads } from "../../db/schema/ads.ts";
import { categories } from "../../db/schema/catalog.ts";
import type { DomainEvents } from "../../lib/domain-events.ts";
import { toPage } from "../../lib/paging.ts";
import { adImageFiles, encodeAdPhoto, storeAdImage } from "../../lib/images.ts";
import type { Storage } from "../../lib/storage.ts";
import { removeFiles, storeThenWrite, type FileWriter } from "../../lib/stored-files.ts";
import { HttpError, notFound } from "../../plugins/errors.ts";
import type { AdScreening } from "../ad-screening/ad-screening.service.ts";
import type { CompleteKey } from "../idempotency/idempotent-writes.ts";
import { rateForLrd, usdValue } from "./ad-prices.ts";
import { loadOwnAdItems } from "./own-ad-items.ts";
import {
  findAdImages,
  findArea,
  findAttributeRules,
  findRecentTwin,
  findSubcategory,
  findSubcategoryAttributes,
} from "./selling.queries.ts";

export interface ImageChanges {
  /** Existing images to keep, with their new place. */
  update: Array<{ id: number; order: number }>;
  /** New files with their place among all images. */
  upload: Array<{ file: Buffer; order: number }>;
}

type Errors = Record<string, string[]>;
const add = (errors: Errors, field: string, message: string) => (errors[field] ??= []).push(message);
const MINE_PAGE_SIZE = 30;

/** Now plus the category's expiry_days (issue 28): when an ad posted, renewed or reposted now expires. */
export const expiresFromNow = (categoryId: number) =>
  sql`now() + make_interval(days => (select ${categories.expiry_days} from ${categories} where ${categories.id} = ${categoryId}))`;

export function createSellingService({
  db,
  storage,
  events,
  mediaBaseUrl,
  screening,
}: {
  db: Database;
  storage: Storage;
  events: DomainEvents;
  mediaBaseUrl: string;
  /** The checks at posting time (issue 28): banned words, contacts, low price, duplicate photos. */
  screening: AdScreening;
}) {
  /**
   * Every rule of spec selling §5 that needs the database: the subcategory belongs to the category and both
   * are active, the place is known, and each attribute holds what its type allows. All errors at once.
   */
  async function check(form: TAdForm, imageCount: number) {
    const errors: Errors = {};
    if (imageCount < AD_IMAGES_MIN) add(errors, "images", SELLING_MESSAGES.imagesMin);
    if (imageCount > AD_IMAGES_MAX) add(errors, "images", SELLING_MESSAGES.imagesMax);
    const [subcategory, place, usdPrice] = await Promise.all([
      findSubcategory(db, form.subcategory_id),
      findArea(db, form.location),
      // An L$ price needs a rate to have a US$ value (decision 088): without one it is refused on the currency.
      form.currency === "LRD"
        ? rateForLrd(db, "currency").then(
            (rate) => usdValue(form.price, "LRD", rate),
            (error: unknown) => {
              if (!(error instanceof HttpError)) throw error;
              add(errors, "currency", error.message);
              return form.price;
            },
          )
        : form.price,
    ]);
    if (
      !subcategory ||
      subcategory.category_id !== form.category_id ||
      !subcategory.active ||
      !subcategory.category_active
    ) {
      add(errors, "subcategory_id", SELLING_MESSAGES.subcategoryMismatch);
    }
    const area = place.area;
    if (place.choices) add(errors, "location", SELLING_MESSAGES.locationAmbiguous(place.choices));
    else if (!area) add(errors, "location", SELLING_MESSAGES.locationUnknown);

    const values: Array<{ subcategory_attribute_id: number; value: string }> = [];
    if (subcategory) {
      // The same rule the wizard's step 2 runs in the browser (packages/shared/src/ad-attribute-rules.ts).
      const attributeCheck = checkAdAttributes(await findAttributeRules(db, subcategory.id), form.attributes);
      for (const [field, message] of Object.entries(attributeCheck.errors)) add(errors, field, message);
      for (const { rule, value } of attributeCheck.accepted) {
        values.push({ subcategory_attribute_id: rule.subcategoryAttributeId, value });
      }
    }
    const [first] = Object.values(errors).flat();
    if (first) throw new HttpError(422, first, errors);
    return { area: area!, values, usdPrice };
  }

  /**
   * Encodes and stores new pictures (the store step of `storeThenWrite`, which removes them if the write fails);
   * returns their keys and perceptual hashes (decision 078) in the given order.
   */
  async function storePictures(files: FileWriter, uploads: Array<{ file: Buffer; field: string }>) {
    const encoded = await Promise.all(uploads.map(({ file, field }) => encodeAdPhoto(file, field)));
    return Promise.all(
      encoded.map(async ({ variants, phash }) => ({ key: await storeAdImage(files, "ads", variants), phash })),
    );
  }

  async function ownAd(adId: number, userId: number) {
    const [ad] = await db.select({ id: ads.id, user_id: ads.user_id }).from(ads).where(eq(ads.id, adId));
    if (!ad) throw notFound("Ad");
    if (ad.user_id !== userId) throw new HttpError(403, "Only the seller can change this ad.");
    return ad;
  }

  /**
   * The ad's US$ price at the rate in force when it is written (decision 088), read in the writing transaction: a
   * rate set while photos were being encoded is the one the ad gets.
   */
  const usdPriceOf = async (tx: Transaction, form: TAdForm) =>
    form.currency === "LRD" ? usdValue(form.price, "LRD", await rateForLrd(tx, "currency")) : form.price;

  const adFields = (
    form: TAdForm,
    area: { id: number; county_id: number; area: string; county: string },
    usdPrice: number,
  ) => ({
    title: form.title,
    description: form.description,
    price: usdPrice,
    currency: form.currency,
    price_local: form.price,
    category_id: form.category_id,
    subcategory_id: form.subcategory_id,
    county_id: area.county_id,
    area_id: area.id,
    location: `${area.area}, ${area.county}`,
    latitude: form.latitude ?? null,
    longitude: form.longitude ?? null,
  });

  async function writeAttributeValues(
    tx: Transaction,
    adId: number,
    values: Array<{ subcategory_attribute_id: number; value: string }>,
  ) {
    await tx.delete(adAttributeValues).where(eq(adAttributeValues.ad_id, adId));
    if (values.length) await tx.insert(adAttributeValues).values(values.map((value) => ({ ...value, ad_id: adId })));
  }

  return {
    /**
     * A new, active ad with its pictures and attribute values, all or nothing (spec selling §4). It publishes
     * `ad.created` in its transaction: the admins' moderation queue takes the ad in (decision 052). A post sent with
     * an idempotency key records it, with the new ad's id, in the same transaction (decision 104).
     */
    async create(userId: number, form: TAdForm, images: Buffer[], completeKey?: CompleteKey) {
      const { area, values, usdPrice } = await check(form, images.length);
      if (
        await findRecentTwin(db, {
          userId,
          title: form.title,
          subcategoryId: form.subcategory_id,
          price: form.price,
          currency: form.currency,
        })
      ) {
        throw new HttpError(409, SELLING_MESSAGES.duplicate);
      }
      // Words and price are judged before any photo is encoded: a refused ad costs no image work. The price guide
      // is in US$, so the price is compared as US$ too (decision 088).
      const verdict = await screening.screenText({ ...form, price: usdPrice });
      return storeThenWrite(storage, {
        store: (files) =>
          storePictures(
            files,
            images.map((file, index) => ({ file, field: `images.${index}` })),
          ),
        write: (pictures) =>
          events.transaction(db, async (tx, publish) => {
            const [ad] = await tx
              .insert(ads)
              .values({
                ...adFields(form, area, await usdPriceOf(tx, form)),
                user_id: userId,
                status_id: AD_STATUS.active,
                expires_at: expiresFromNow(form.category_id),
              })
              .returning({ id: ads.id });
            await tx
              .insert(adImages)
              .values(pictures.map(({ key, phash }, order) => ({ ad_id: ad!.id, path: key, order, phash })));
            await writeAttributeValues(tx, ad!.id, values);
            await screening.screenPhotos(
              tx,
              { id: ad!.id, userId },
              pictures.map(({ phash }) => ({ phash, isNew: true })),
              verdict,
            );
            await publish("ad.created", { adId: ad!.id, userId });
            await completeKey?.(tx, ad!.id);
            return ad!.id;
          }),
      });
    },

    /**
     * The seller's edit: fields, attribute values, and pictures kept, reordered, added or removed. It publishes
     * `ad.edited` in its transaction: the admins' moderation queue takes the ad back (decision 052).
     */
    async update(userId: number, adId: number, form: TAdForm, images: ImageChanges) {
      await ownAd(adId, userId);
      const existing = await findAdImages(db, adId);
      const kept = images.update.filter((entry) => existing.some((image) => image.id === entry.id));
      const { area, values, usdPrice } = await check(form, kept.length + images.upload.length);
      if (
        await findRecentTwin(db, {
          userId,
          title: form.title,
          subcategoryId: form.subcategory_id,
          price: form.price,
          currency: form.currency,
          exceptId: adId,
        })
      ) {
        throw new HttpError(409, SELLING_MESSAGES.duplicate);
      }
      const removed = existing.filter((image) => !kept.some((entry) => entry.id === image.id));
      const verdict = await screening.screenText({ ...form, price: usdPrice });
      await storeThenWrite(storage, {
        store: (files) =>
          storePictures(
            files,
            images.upload.map(({ file }, index) => ({ file, field: `images.upload.${index}` })),
          ),
        write: (pictures) => {
          // New and kept pictures share one order: the client's order values, made consecutive from 0.
          const hashOf = new Map(existing.map((image) => [image.id, image.phash]));
          const placed = [
            ...kept.map((entry) => ({
              order: entry.order,
              id: entry.id,
              path: undefined as string | undefined,
              phash: hashOf.get(entry.id) ?? null,
            })),
            ...images.upload.map((entry, index) => ({
              order: entry.order,
              id: undefined,
              path: pictures[index]!.key,
              phash: pictures[index]!.phash,
            })),
          ].sort((a, b) => a.order - b.order);
          return events.transaction(db, async (tx, publish) => {
            await tx
              .update(ads)
              .set({ ...adFields(form, area, await usdPriceOf(tx, form)), updated_at: new Date() })
              .where(eq(ads.id, adId));
            const keptIds = kept.map((entry) => entry.id);
            await tx
              .delete(adImages)
              .where(and(eq(adImages.ad_id, adId), keptIds.length ? notInArray(adImages.id, keptIds) : undefined));
            for (const [order, entry] of placed.entries()) {
              if (entry.id) await tx.update(adImages).set({ order }).where(eq(adImages.id, entry.id));
              else await tx.insert(adImages).values({ ad_id: adId, path: entry.path!, order, phash: entry.phash });
            }
            await writeAttributeValues(tx, adId, values);
            // The edit's content replaces the ad's flags; only the photos it adds can be refused as the seller's own.
            await screening.screenPhotos(
              tx,
              { id: adId, userId },
              placed.map((entry) => ({ phash: entry.phash, isNew: entry.id === undefined })),
              verdict,
            );
            await publish("ad.edited", { adId });
          });
        },
        // Pictures the seller took off are no longer named by any row: their files go.
        replaced: () => removed.flatMap((image) => adImageFiles(image.path)),
      });
    },

    async remove(userId: number, adId: number) {
      await ownAd(adId, userId);
      const images = await findAdImages(db, adId);
      await db.delete(ads).where(eq(ads.id, adId));
      await removeFiles(
        storage,
        images.flatMap((image) => adImageFiles(image.path)),
      );
    },

    subcategoryAttributes: (subcategoryId: number) => findSubcategoryAttributes(db, subcategoryId),

    /**
     * The seller's own ads in every status, newest first, with counts per status for the tabs, and each ad's running
     * boost (spec Ad `active_subscription`), which My Ads shows as a badge.
     */
    async mine(userId: number, status: TAdStatusFilter, page: number) {
      const statusId = status === "all" ? undefined : AD_STATUS[status];
      const where = and(eq(ads.user_id, userId), statusId ? eq(ads.status_id, statusId) : undefined);
      const [ids, perStatus] = await Promise.all([
        db
          .select({ id: ads.id })
          .from(ads)
          .where(where)
          .orderBy(desc(ads.created_at), desc(ads.id))
          .limit(MINE_PAGE_SIZE)
          .offset((page - 1) * MINE_PAGE_SIZE),
        db
          .select({ status_id: ads.status_id, total: count() })
          .from(ads)
          .where(eq(ads.user_id, userId))
          .groupBy(ads.status_id),
      ]);
      const countOf = (id: number) => perStatus.find((row) => row.status_id === id)?.total ?? 0;
      const counts = {
        all: perStatus.reduce((sum, row) => sum + row.total, 0),
        active: countOf(AD_STATUS.active),
        hidden: countOf(AD_STATUS.hidden),
        pending: countOf(AD_STATUS.pending),
        expired: countOf(AD_STATUS.expired),
        sold: countOf(AD_STATUS.sold),
      };
      const total = counts[status];
      const adIds = ids.map((row) => row.id);
      const items = await loadOwnAdItems(db, adIds, mediaBaseUrl);
      return {
        ...toPage(items, total, page, MINE_PAGE_SIZE, { path: "/api/ads/mine", query: { status } }),
        counts,
      };
    },
  };
}

export type SellingService = ReturnType<typeof createSellingService>;
