import type { TAdListItem } from "@waterside/shared/ads";
import type { TPaged } from "@waterside/shared/api-envelope";
import type { TSavedAdListItem } from "@waterside/shared/saved-ads";
import { SOLD_PAGE_DAYS } from "@waterside/shared/ad-lifecycle";
import { AD_STATUS } from "@waterside/shared/reference-ids";
import { and, count, desc, eq, or, sql } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { ads } from "../../db/schema/ads.ts";
import { categories, subcategories } from "../../db/schema/catalog.ts";
import { savedAds } from "../../db/schema/saved-ads.ts";
import type { DomainEvents } from "../../lib/domain-events.ts";
import { toPage } from "../../lib/paging.ts";
import { createSavedAdIds } from "./saved-ad-ids.ts";
import type { CompleteKey } from "../idempotency/idempotent-writes.ts";
import { notFound } from "../../plugins/errors.ts";
import { loadAdListItems } from "../ads/ad-list-items.ts";
import { findLatestRate } from "../exchange-rates/latest-rate.ts";
import { usdValue } from "../selling/ad-prices.ts";

export const SAVED_PAGE_SIZE = 30;
const SAVED_IDS_MAX = 5000;

/** Saved ads the public may still see: a hidden ad, or one of an inactive category, drops out of the list. */
const visible = and(eq(ads.status_id, AD_STATUS.active), eq(subcategories.active, true), eq(categories.active, true));
/**
 * What Saved Items lists: the visible ads, and sold ones while their page stays readable, so a buyer who saved one
 * sees it marked Sold (issue 28, decision 075); an expired ad drops out as a hidden one does.
 */
const listed = and(
  eq(subcategories.active, true),
  eq(categories.active, true),
  or(
    eq(ads.status_id, AD_STATUS.active),
    and(eq(ads.status_id, AD_STATUS.sold), sql`${ads.sold_at} > now() - make_interval(days => ${SOLD_PAGE_DAYS})`),
  ),
);

export function createSavedAdsService(db: Database, mediaBaseUrl: string, events: DomainEvents) {
  // A signed-in reader's saved ads are kept per process, so their marks on a cached page cost no query (decision 098).
  const savedIds = createSavedAdIds(db);

  /** Which of these ads the user saved: a signed-in user's own marks on a page cached for everyone. */
  const savedAmong = (userId: number, adIds: number[]): Promise<Set<number>> => savedIds.among(userId, adIds);

  return {
    /** A save sent with an idempotency key records it in the save's transaction (decision 104). */
    async save(userId: number, adId: number, completeKey?: CompleteKey) {
      const [ad] = await db
        .select({ id: ads.id, price_local: ads.price_local, currency: ads.currency })
        .from(ads)
        .innerJoin(subcategories, eq(subcategories.id, ads.subcategory_id))
        .innerJoin(categories, eq(categories.id, ads.category_id))
        .where(and(eq(ads.id, adId), visible));
      if (!ad) throw notFound("Ad");
      // A save (not a repeat) is published with it: analytics counts it in the same transaction.
      await events.transaction(db, async (tx, publish) => {
        const [saved] = await tx
          .insert(savedAds)
          // What the saver sees now, in the seller's currency: a later price drop is measured from here (decisions
          // 081, 088).
          .values({ user_id: userId, ad_id: adId, price_seen: ad.price_local, currency_seen: ad.currency })
          .onConflictDoNothing()
          .returning({ ad_id: savedAds.ad_id });
        if (saved) {
          await publish("ad.saved", { adId, userId });
          await savedIds.announce(tx, userId);
        }
        await completeKey?.(tx, null);
      });
      // After the commit: the next page this process serves the user reads the save.
      savedIds.forget(userId);
    },

    async unsave(userId: number, adId: number, completeKey?: CompleteKey) {
      await db.transaction(async (tx) => {
        const removed = await tx
          .delete(savedAds)
          .where(and(eq(savedAds.user_id, userId), eq(savedAds.ad_id, adId)))
          .returning({ ad_id: savedAds.ad_id });
        if (removed.length > 0) await savedIds.announce(tx, userId);
        await completeKey?.(tx, null);
      });
      savedIds.forget(userId);
    },

    /** The user's saved ads, newest saved first, optionally only those whose title has the words. */
    async list(
      userId: number,
      { page = 1, search }: { page?: number; search?: string },
      pageUrl: string,
    ): Promise<TPaged<TSavedAdListItem>> {
      const conditions = and(
        eq(savedAds.user_id, userId),
        listed,
        search
          ? sql`waterside_unaccent(lower(${ads.title})) like ${`%${search.toLowerCase().replace(/[%_\\]/g, "\\$&")}%`}`
          : undefined,
      );
      const base = () =>
        db
          .select({ id: ads.id, was_price: savedAds.was_price, currency_seen: savedAds.currency_seen })
          .from(savedAds)
          .innerJoin(ads, eq(ads.id, savedAds.ad_id))
          .innerJoin(subcategories, eq(subcategories.id, ads.subcategory_id))
          .innerJoin(categories, eq(categories.id, ads.category_id))
          .where(conditions);
      const [[{ total } = { total: 0 }], ids] = await Promise.all([
        db
          .select({ total: count() })
          .from(savedAds)
          .innerJoin(ads, eq(ads.id, savedAds.ad_id))
          .innerJoin(subcategories, eq(subcategories.id, ads.subcategory_id))
          .innerJoin(categories, eq(categories.id, ads.category_id))
          .where(conditions),
        base()
          .orderBy(desc(savedAds.created_at), desc(savedAds.ad_id))
          .limit(SAVED_PAGE_SIZE)
          .offset((page - 1) * SAVED_PAGE_SIZE),
      ]);
      const items = await loadAdListItems(
        db,
        ids.map((row) => row.id),
        mediaBaseUrl,
      );
      // "Was $…" while the ad is still below the price before its latest drop, compared in the seller's currency and
      // answered in US$ like `price` (decision 088), at the rate in force.
      const seen = new Map(ids.map((row) => [row.id, row]));
      const rate = items.some((item) => item.currency === "LRD") ? await findLatestRate(db) : null;
      const wasPrice = (item: TAdListItem) => {
        const row = seen.get(item.id);
        if (row?.was_price == null || row.currency_seen !== item.currency || row.was_price <= item.price_local) {
          return null;
        }
        if (item.currency === "USD") return row.was_price;
        return rate ? usdValue(row.was_price, "LRD", rate.usd_lrd) : null;
      };
      return toPage(
        items.map((item) => ({ ...item, is_saved: true, was_price: wasPrice(item) })),
        total,
        page,
        SAVED_PAGE_SIZE,
        { path: pageUrl, query: { search: search || undefined } },
      );
    },

    /** Ids of every ad the user saved, newest first: lets a client mark cached, server-rendered lists. */
    async ids(userId: number): Promise<number[]> {
      const rows = await db
        .select({ ad_id: savedAds.ad_id })
        .from(savedAds)
        .where(eq(savedAds.user_id, userId))
        .orderBy(desc(savedAds.created_at))
        .limit(SAVED_IDS_MAX);
      return rows.map((row) => row.ad_id);
    },

    /** Marks which of these ads the user saved: one query per page, so cached public lists stay shared. */
    savedAmong,

    async markSaved<T extends { id: number; is_saved: boolean }>(userId: number | undefined, items: T[]): Promise<T[]> {
      if (!userId || items.length === 0) return items;
      const ids = await savedAmong(
        userId,
        items.map((item) => item.id),
      );
      return items.map((item) => ({ ...item, is_saved: ids.has(item.id) }));
    },
  };
}

export type SavedAdsService = ReturnType<typeof createSavedAdsService>;
