import type { TAdFilters, TSuggestion } from "@waterside/shared/ads";
import { SUGGESTION_LIMIT } from "@waterside/shared/ads-messages";
import { LRUCache } from "lru-cache";
import type { Database } from "../../db/database.ts";
import {
  createChangeAwareBatchCache,
  createChangeAwareCache,
  type CacheStats,
  type ListScope,
} from "../../lib/change-aware-cache.ts";
import { loadAdListItems } from "./ad-list-items.ts";
import {
  countAds,
  countAdsUpTo,
  findAdPageIds,
  findClosedSubcategoryIds,
  findLocations,
  findPriceCandidates,
  findPriceCandidatesAmong,
  findSearchWords,
  findSuggestions,
  type AdListQuery,
} from "./ads.queries.ts";
import { buildPriceIndex, patchPriceIndex } from "./price-index.ts";
import { serializeAd, type SerializedAd, type SerializedAdsPage } from "./serialized-ads-page.ts";

/**
 * Every cache of the listing path, in one table: what it keeps, how many, for how long, and which announced writes
 * drop it (decisions 013, 055 and 056). Public lists are read far more often than ads change: the same filters get
 * the same page until a write concerns it, and concurrent identical requests share one query.
 *
 * PostgreSQL announces on the channel `ads_changed`, once per statement and after its commit, every write that
 * changes what lists show, whichever process or tool wrote it; every API process listens
 * (`lib/change-aware-cache.ts`). Ten tables announce:
 * - **scoped**: `ads` (posting, editing, hiding, deleting an ad, a score update; migrations 0004 and 0019), its
 *   `ad_images` and `ad_attribute_values` (0004, scoped by 0019) and `subscriptions` (a boost starting, ending or
 *   cancelled; 0006, scoped by 0019) name the ads written, with their subcategories, categories, sellers and search
 *   words before and after the write;
 * - **everything**: `categories` (0004), `subcategories` (0004; its category, name, image, activity and position
 *   only, since 0019), `attributes`, `subcategory_attributes` and `attribute_options` (the catalogue, 0017), and
 *   `users` (0004; the name, picture, type, status and deletion that lists show, since 0019). A scoped statement
 *   means everything too past 300 rows (a score refresh) or 8,000 bytes, for a boost without an ad (a business
 *   plan), and on TRUNCATE; so does a lost listener connection.
 *
 * A scoped write *concerns* a list when an ad it names was, before or after the write, within every bound of the
 * list (`scopeOfQuery`: its subcategory, category, seller and search words); a list without bounds, or one still
 * loading, is concerned by every write.
 */
export const AD_LIST_CACHES = {
  /**
   * POST /ads/get replies as the bytes sent (decision 055), keyed by filters and by the raw body that asked for them.
   * Dropped by a write that concerns the page's filters (a page of ads resembling misspelt words has no word bound)
   * and by everything.
   */
  storedPages: { max: 2000, ttl: 10_000 },
  /** The ids of one page of a list query. Dropped by a write that concerns the query, and by everything. */
  pageIds: { max: 2000, ttl: 10_000 },
  /**
   * A list query's total counted up to 1,000, keyed without page and page size (page 2 reuses page 1's count).
   * Dropped by a write that concerns the query, and by everything.
   */
  totals: { max: 5000, ttl: 60_000 },
  /** The exact total of a list asked past its end (to point back). Dropped like totals. */
  exactTotals: { max: 5000, ttl: 60_000 },
  /**
   * The matches of a query without its price bounds, up to 100,000 ads (2.4 MB as typed arrays, with their price
   * order), so a common word ("house": 84,000 of a million ads) takes any price range without a query (issue 17).
   * A write that concerns it **patches** it with the ads it names (one small query) instead of dropping it; it is
   * dropped by everything, by a failed patch, or when a patch takes it past 100,000 matches.
   */
  priceIndexes: { max: 48, ttl: 60_000 },
  /**
   * Each ad's list item, written as JSON once (decision 055), whatever page shows it. Dropped for the ads a write
   * names, and all by everything.
   */
  listItems: { max: 20_000, ttl: 60_000 },
  /** Search box suggestions by text: they have no bounds, so every write drops them all. */
  suggestions: { max: 5000, ttl: 60_000 },
  /** The inactive subcategories (and those of inactive categories), whose ads no list shows. Every write drops it. */
  closedSubcategories: { max: 1, ttl: 600_000 },
  /** A search's words as PostgreSQL parses them: they depend on its text alone, so no write drops them. */
  searchWords: { max: 5000 },
} as const;
// Counties and areas (what a location filter names) are reference data no one writes: read once per process.

/** Up to this many matches of a query without its price bounds are kept as a price index (decision 013). */
export const PRICE_INDEX_LIMIT = 100_000;

/**
 * Filters are a few hundred characters. A body may be up to the body limit and stay valid (unknown fields are
 * dropped by validation): keeping such bodies as keys would let 2,000 requests fill the memory.
 */
const RAW_BODY_KEY_MAX = 2048;

/** Keys of raw bodies cannot meet keys of parsed filters: those are JSON after a space, these after a tab. */
const rawKey = (pageUrl: string, rawBody: string) => `${pageUrl}\t${rawBody}`;

/** The ads a list query can show: one subcategory's, one category's, one seller's, or any (decision 056). */
const scopeOfQuery = (query: AdListQuery): ListScope => ({
  subcategoryId: query.subcategoryId,
  categoryId: query.categoryId,
  userId: query.userId,
  // Ads resembling misspelt words hold none of them; a search excluding words (null) finds ads by what they lack.
  searchWords: query.searchMode === "similar" ? undefined : (query.searchWords ?? undefined),
});

/** What a stored page is loaded from, and what bounds it. */
export interface PageRequest {
  filters: TAdFilters;
  pageUrl: string;
  words: string[] | null | undefined;
}

/**
 * The caches of AD_LIST_CACHES, each with what it loads. Stored pages are loaded by `listPage` (the listing,
 * `ad-listing.ts`); the others read the database. Each cache keeps its own copy of a query: a request goes on
 * changing its own, and a cache reads its copy later to work out its bounds.
 */
export function createAdListCaches(
  db: Database,
  mediaBaseUrl: string,
  listPage: (request: PageRequest) => Promise<SerializedAdsPage>,
) {
  const searchWords = new LRUCache<string, Promise<string[] | null>>(AD_LIST_CACHES.searchWords);
  let locations: ReturnType<typeof findLocations> | undefined;

  const storedPages = createChangeAwareCache(db, {
    ...AD_LIST_CACHES.storedPages,
    load: listPage,
    scope: ({ filters, words }, page) => ({
      subcategoryId: filters.subcategory_id,
      categoryId: filters.category_id,
      userId: filters.user_id,
      // A page of ads resembling misspelt words holds ads without them.
      searchWords: page.byResemblance ? undefined : (words ?? undefined),
    }),
  });
  const pageIds = createChangeAwareCache(db, {
    ...AD_LIST_CACHES.pageIds,
    load: (query: AdListQuery) => findAdPageIds(db, query),
    scope: scopeOfQuery,
  });
  const totals = createChangeAwareCache(db, {
    ...AD_LIST_CACHES.totals,
    load: (query: AdListQuery) => countAds(db, query),
    scope: scopeOfQuery,
  });
  // Only asked when a page came back empty, so the total is at most its offset and the count is exact.
  const exactTotals = createChangeAwareCache(db, {
    ...AD_LIST_CACHES.exactTotals,
    load: (query: AdListQuery) => countAdsUpTo(db, query, Math.max(query.offset, 1)),
    scope: scopeOfQuery,
  });
  const priceIndexes = createChangeAwareCache(db, {
    ...AD_LIST_CACHES.priceIndexes,
    load: async (query: AdListQuery) => {
      const found = await findPriceCandidates(db, query, PRICE_INDEX_LIMIT);
      return found && buildPriceIndex(found, found.descending);
    },
    scope: scopeOfQuery,
    // A common word's index takes up to a second to read again; the ads a write names take a millisecond.
    patch: async (index, change, query) => {
      if (!index) return null;
      const patched = patchPriceIndex(
        index,
        new Set(change.ads),
        await findPriceCandidatesAmong(db, query, change.ads),
      );
      return patched.ids.length > PRICE_INDEX_LIMIT ? null : patched;
    },
  });
  const listItems = createChangeAwareBatchCache(db, {
    ...AD_LIST_CACHES.listItems,
    loadMany: async (ids: number[]) =>
      new Map<number, SerializedAd>(
        (await loadAdListItems(db, ids, mediaBaseUrl)).map((item) => [item.id, serializeAd(item)]),
      ),
  });
  const suggestions = createChangeAwareCache(db, {
    ...AD_LIST_CACHES.suggestions,
    load: async (text: string): Promise<TSuggestion[]> =>
      (await findSuggestions(db, text, SUGGESTION_LIMIT)).map(
        ({ id, title, location, subcategory_id, category_id }) => ({
          id,
          title,
          location,
          subcategory_id,
          category_id,
        }),
      ),
  });
  const closedSubcategories = createChangeAwareCache(db, {
    ...AD_LIST_CACHES.closedSubcategories,
    load: () => findClosedSubcategoryIds(db),
  });

  const filtersKey = ({ limit: _limit, offset: _offset, ...filters }: AdListQuery) => JSON.stringify(filters);
  const unpricedKey = ({ priceMin: _min, priceMax: _max, limit: _limit, offset: _offset, ...rest }: AdListQuery) =>
    JSON.stringify(rest);

  const wordsOf = (search: string) => {
    let words = searchWords.get(search);
    if (!words) {
      words = findSearchWords(db, search);
      searchWords.set(search, words);
      words.catch(() => searchWords.delete(search));
    }
    return words;
  };

  return {
    /**
     * A page of POST /ads/get written once for every visitor until a write concerns it: a repeated list is answered
     * with stored bytes, not queried and written again. `rawBody`, the request's body as sent, becomes a second key
     * of the page, so the same bytes are answered before they are even validated.
     */
    async storedPage(filters: TAdFilters, pageUrl: string, rawBody?: string) {
      const request = {
        filters,
        pageUrl,
        words: filters.search === undefined ? undefined : await wordsOf(filters.search),
      };
      const page = storedPages(`${pageUrl} ${JSON.stringify(filters)}`, request);
      if (rawBody !== undefined && rawBody.length <= RAW_BODY_KEY_MAX) {
        storedPages.alias(rawKey(pageUrl, rawBody), page, request);
      }
      return page;
    },
    /** The page stored for a body sent before, as it was sent; undefined when none is. */
    storedPageForRawBody: (pageUrl: string, rawBody: string) =>
      rawBody.length <= RAW_BODY_KEY_MAX ? storedPages.peek(rawKey(pageUrl, rawBody)) : undefined,
    /** `onlyIds`: the matches a price index found, for the database to rank; they follow from the query itself. */
    pageIds: (query: AdListQuery, onlyIds?: Int32Array) =>
      pageIds(JSON.stringify(query), onlyIds ? { ...query, onlyIds } : { ...query }),
    totals: (query: AdListQuery) => totals(filtersKey(query), { ...query }),
    exactTotals: (query: AdListQuery) => exactTotals(filtersKey(query), { ...query }),
    priceIndex: (query: AdListQuery) => priceIndexes(unpricedKey(query), { ...query }),
    listItems,
    /** `text` lowercased with its spaces folded. */
    suggestions: (text: string) => suggestions(text, text),
    closedSubcategories: () => closedSubcategories("closed", undefined),
    searchWords: wordsOf,
    locations: () => (locations ??= findLocations(db)),
    /** Each change-aware cache's hits and misses by its name in AD_LIST_CACHES, for the metrics (issue 32). */
    stats: (): Record<string, Readonly<CacheStats>> => ({
      storedPages: storedPages.stats(),
      pageIds: pageIds.stats(),
      totals: totals.stats(),
      exactTotals: exactTotals.stats(),
      priceIndexes: priceIndexes.stats(),
      listItems: listItems.stats(),
      suggestions: suggestions.stats(),
      closedSubcategories: closedSubcategories.stats(),
    }),
  };
}

export type AdListCaches = ReturnType<typeof createAdListCaches>;
