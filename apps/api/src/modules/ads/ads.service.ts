import type { TAdFilters } from "@waterside/shared/ads";
import type { Database } from "../../db/database.ts";
import type { SavedAdsService } from "../saved-ads/saved-ads.service.ts";
import { createAdListing } from "./ad-listing.ts";
import { createAdPage } from "./ad-page.ts";
import { createPriceGuide } from "./price-guide.ts";
import { withSavedMarks, type SerializedAdsPage } from "./serialized-ads-page.ts";

/**
 * The ads module's service: the public listing (`ad-listing.ts`, with its caches in `ad-list-caches.ts`) and the ad
 * page (`ad-page.ts`). Lists are written once for everyone; a signed-in reader's saved marks are set on their copy.
 */
export function createAdsService(db: Database, mediaBaseUrl: string, saved: SavedAdsService) {
  const listing = createAdListing(db, mediaBaseUrl);
  const { adForPage, adPage, availability } = createAdPage(db, mediaBaseUrl, saved);

  /** The stored page with the reader's saved ads marked: one indexed query, no page written again (decision 055). */
  const readersPage = async (page: SerializedAdsPage, viewerId: number | undefined) =>
    viewerId ? withSavedMarks(page, await saved.savedAmong(viewerId, page.ids)) : page;

  return {
    suggestions: listing.suggestions,
    /** The list caches' hits and misses by cache, for the metrics (issue 32). */
    cacheStats: listing.cacheStats,
    adForPage,
    adPage,
    availability,
    /** GET /ads/price-guide: what live ads like this one cost (`price-guide.ts`). */
    priceGuide: createPriceGuide(db),

    /**
     * A page of POST /ads/get as `viewerId` reads it. `rawBody`, the request's body as sent, becomes a key of the
     * page, so the same bytes are answered again before validation (`storedListPage`).
     */
    async listPage(filters: TAdFilters, pageUrl: string, viewerId: number | undefined, rawBody: string | undefined) {
      return readersPage(await listing.storedPage(filters, pageUrl, rawBody), viewerId);
    },

    /** The page stored for a body sent before, as it was sent, as `viewerId` reads it; undefined when none is. */
    storedListPage(pageUrl: string, rawBody: string, viewerId: number | undefined) {
      return listing.storedPageForRawBody(pageUrl, rawBody)?.then((page) => readersPage(page, viewerId));
    },
  };
}

export type AdsService = ReturnType<typeof createAdsService>;
