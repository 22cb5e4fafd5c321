import type { TAdDetail, TAdFilters, TLatestSubscription, TSuggestion } from "@waterside/shared/ads";
import { desc, eq } from "drizzle-orm";
import { packages, subscriptions } from "../../db/schema/payments.ts";
import {
  AD_PAGE_SIZE,
  AD_PAGE_SIZE_MAX,
  SUGGESTION_LIMIT,
  TYPO_TOLERANCE_MIN_LENGTH,
} from "@waterside/shared/ads-messages";
import { AD_STATUS } from "@waterside/shared/reference-ids";
import { LRUCache } from "lru-cache";
import { createChangeAwareBatchCache, createChangeAwareCache, type ListScope } from "../../lib/change-aware-cache.ts";
import { toPage } from "../../lib/paging.ts";
import { notFound } from "../../plugins/errors.ts";
import type { Database } from "../../db/database.ts";
import { loadAdRating } from "../reviews/ad-rating.ts";
import { loadAdListItems, toImage, toListItem } from "./ad-list-items.ts";
import { buildPriceIndex, idsInRange, pageInRange, patchPriceIndex, priceRange } from "./price-index.ts";
import { serializeAd, serializeAdsPage, type SerializedAd, type SerializedAdsPage } from "./serialized-ads-page.ts";
import {
  countAds,
  countAdsUpTo,
  findAdForPage,
  findClosedSubcategoryIds,
  findPriceCandidates,
  findPriceCandidatesAmong,
  findAdPageIds,
  findLocations,
  findSearchWords,
  findSuggestions,
  type AdListQuery,
} from "./ads.queries.ts";

type Locations = Awaited<ReturnType<typeof findLocations>>;

const fold = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/\s+county$/, "")
    .trim();

/**
 * A location filter is a county ("Montserrado"), an area with its county ("Sinkor, Montserrado", as ads
 * carry it) or an area name alone, which may exist in several counties. Unknown text matches nothing.
 */
function resolveLocation(locations: Locations, text: string): Pick<AdListQuery, "countyIds" | "areaIds"> {
  const [first = "", second] = text.split(",").map(fold);
  if (second !== undefined) {
    const areas = locations.filter((row) => fold(row.area) === first && fold(row.county) === second);
    return { areaIds: areas.map((row) => row.area_id) };
  }
  const county = locations.find((row) => fold(row.county) === first);
  if (county) return { countyIds: [county.county_id] };
  return { areaIds: locations.filter((row) => fold(row.area) === first).map((row) => row.area_id) };
}

/** Above this many matches, search results are ordered by popularity instead of by relevance. */
const RELEVANCE_RANK_LIMIT = 1000;

/**
 * Public lists are read far more often than ads change. The same filters within a few seconds get the same
 * page, and a total stays for a minute, so a busy listing costs the database once per interval instead of once
 * per visitor. Concurrent identical requests share one query. (docs/decisions/013-list-caching.md)
 */
const PAGE_CACHE = { max: 2000, ttl: 10_000 };
const LIST_ITEM_CACHE = { max: 20_000, ttl: 60_000 };
/**
 * Up to 100,000 matches of a query without its price bounds are kept in memory (2.4 MB as typed arrays, with their
 * price order), so a common word ("house": 84,000 of a million ads) takes any price range without a query
 * (issue 17); 48 such queries at most.
 */
const PRICE_CANDIDATE_CACHE = { max: 48, ttl: 60_000 };
const PRICE_CANDIDATE_LIMIT = 100_000;
const COUNT_CACHE = { max: 5000, ttl: 60_000 };
const SUGGESTION_CACHE = { max: 5000, ttl: 60_000 };
const CATALOG_CACHE = { max: 1, ttl: 600_000 };
/** A search's words depend on its text alone: kept without a change to drop them. */
const SEARCH_WORDS_CACHE = { max: 5000 };

export function createAdsService(db: Database, mediaBaseUrl: string) {
  // Counties and areas are reference data: read once per process.
  let locations: Promise<Locations> | undefined;
  const loadLocations = () => (locations ??= findLocations(db));
  const searchWords = new LRUCache<string, Promise<string[] | null>>(SEARCH_WORDS_CACHE);
  const wordsOf = (search: string) => {
    let words = searchWords.get(search);
    if (!words) {
      words = findSearchWords(db, search);
      searchWords.set(search, words);
      words.catch(() => searchWords.delete(search));
    }
    return words;
  };

  const pages = createChangeAwareCache(db, {
    ...PAGE_CACHE,
    load: (query: AdListQuery) => findAdPageIds(db, query),
    scope: scopeOfQuery,
  });
  // Varied filters mostly show the same popular ads: each ad's list item is read and written once, whatever page
  // shows it.
  const listItems = createChangeAwareBatchCache(db, {
    ...LIST_ITEM_CACHE,
    loadMany: async (ids: number[]) =>
      new Map<number, SerializedAd>(
        (await loadAdListItems(db, ids, mediaBaseUrl)).map((item) => [item.id, serializeAd(item)]),
      ),
  });
  const counts = createChangeAwareCache(db, {
    ...COUNT_CACHE,
    load: (query: AdListQuery) => countAds(db, query),
    scope: scopeOfQuery,
  });
  const suggestionsByText = createChangeAwareCache(db, {
    ...SUGGESTION_CACHE,
    load: async (text: string) =>
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
    ...CATALOG_CACHE,
    load: () => findClosedSubcategoryIds(db),
  });
  // Only asked when a page came back empty, so the total is at most its offset and the count is exact.
  const exactCounts = createChangeAwareCache(db, {
    ...COUNT_CACHE,
    load: (query: AdListQuery) => countAdsUpTo(db, query, Math.max(query.offset, 1)),
    scope: scopeOfQuery,
  });
  const priceCandidates = createChangeAwareCache(db, {
    ...PRICE_CANDIDATE_CACHE,
    load: async (query: AdListQuery) => {
      const found = await findPriceCandidates(db, query, PRICE_CANDIDATE_LIMIT);
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
      return patched.ids.length > PRICE_CANDIDATE_LIMIT ? null : patched;
    },
  });
  /**
   * A price range over a query with at most PRICE_CANDIDATE_LIMIT matches is applied to all of them in memory:
   * moving a price slider then costs no query at all, and the total is exact (decision 013).
   */
  const pricedPage = async (query: AdListQuery) => {
    const unpricedKey = ({ priceMin: _min, priceMax: _max, limit: _limit, offset: _offset, ...rest }: AdListQuery) =>
      JSON.stringify(rest);
    let candidates = await priceCandidates(unpricedKey(query), { ...query });
    if (candidates?.ids.length === 0 && query.search && query.search.length >= TYPO_TOLERANCE_MIN_LENGTH) {
      query.searchMode = "similar";
      candidates = await priceCandidates(unpricedKey(query), { ...query });
    }
    if (!candidates) return null;
    const range = priceRange(candidates, query.priceMin ?? -Infinity, query.priceMax ?? Infinity);
    // A search without a sort is ranked by relevance while few match: the database ranks those ads alone.
    if (!query.sort && range.total <= RELEVANCE_RANK_LIMIT) {
      return { total: range.total, ids: null, matched: idsInRange(candidates, range) };
    }
    return { total: range.total, ids: pageInRange(candidates, range, query.offset, query.limit), matched: null };
  };
  const filtersKey = ({ limit: _limit, offset: _offset, ...filters }: AdListQuery) => JSON.stringify(filters);
  // Each cache keeps its own copy of the query: a request goes on changing its own (decision 056 reads it later).
  const countOf = (query: AdListQuery) => counts(filtersKey(query), { ...query });
  const exactCountOf = (query: AdListQuery) => exactCounts(filtersKey(query), { ...query });

  const service = {
    async suggestions(search: string): Promise<TSuggestion[]> {
      const text = search.toLowerCase().replace(/\s+/g, " ");
      return suggestionsByText(text, text);
    },

    /**
     * The public ad page: an unknown ad, a hidden one or one in an inactive (sub)category is a 404 —
     * except to its seller, who still sees (and can edit) it, and to an admin (`anyStatus`).
     */
    async adForPage(id: number, viewerId?: number, { anyStatus = false } = {}): Promise<TAdDetail> {
      const found = await findAdForPage(db, id);
      const isSeller = found !== undefined && (anyStatus || (viewerId !== undefined && found.ad.user_id === viewerId));
      if (
        !found ||
        (!isSeller &&
          (found.ad.status_id !== AD_STATUS.active || !found.ad.subcategory_active || !found.ad.category_active))
      ) {
        throw notFound("Ad");
      }
      const { ad, images, attributes } = found;
      return {
        ...toListItem(ad, mediaBaseUrl),
        rating: await loadAdRating(db, id, viewerId),
        description: ad.description_full,
        images: images.map((image) => toImage(image, mediaBaseUrl)),
        latitude: ad.latitude,
        longitude: ad.longitude,
        updated_at: new Date(ad.updated_at).toISOString(),
        attributes: attributes.map((row) => ({
          id: row.id,
          value: row.value,
          attribute_id: row.attribute_id,
          subcategory_attribute_id: row.subcategory_attribute_id,
          attribute: { name: row.name, type: row.type },
        })),
      };
    },

    async latestSubscription(adId: number): Promise<TLatestSubscription | null> {
      const [row] = await db
        .select({
          id: subscriptions.id,
          status: subscriptions.status,
          end_date: subscriptions.end_date,
          name: packages.name,
        })
        .from(subscriptions)
        .innerJoin(packages, eq(packages.id, subscriptions.package_id))
        .where(eq(subscriptions.ad_id, adId))
        .orderBy(desc(subscriptions.created_at), desc(subscriptions.id))
        .limit(1);
      return row
        ? { id: row.id, status: row.status, end_date: row.end_date?.toISOString() ?? null, package: { name: row.name } }
        : null;
    },

    /** A page of active ads, written as POST /ads/get replies it. */
    async listAds(filters: TAdFilters, pageUrl: string): Promise<SerializedAdsPage> {
      const perPage = Math.min(filters.per_page ?? AD_PAGE_SIZE, AD_PAGE_SIZE_MAX);
      const page = filters.page ?? 1;
      const [field, order] = filters.sort_combined?.split("|") ?? [filters.sort_by, filters.sort_order];
      const sectionSort =
        filters.section === "trending" || filters.section === "top_seller" ? "visibility_score" : undefined;
      const sortField = (field ?? sectionSort ?? (filters.search ? undefined : "created_at")) as
        "visibility_score" | "created_at" | "price" | undefined;

      const query: AdListQuery = {
        categoryId: filters.category_id,
        subcategoryId: filters.subcategory_id,
        closedSubcategoryIds: await closedSubcategories("closed", undefined),
        userId: filters.user_id,
        attributes: filters.attributes ?? [],
        priceMin: filters.price_min,
        priceMax: filters.price_max,
        search: filters.search,
        searchWords: filters.search === undefined ? undefined : await wordsOf(filters.search),
        businessSellersOnly: filters.section === "top_seller",
        boostedOnly: filters.has_active_subscription === true,
        sort: sortField ? { field: sortField, order: (order as "asc" | "desc" | undefined) ?? "desc" } : null,
        limit: perPage,
        offset: (page - 1) * perPage,
        ...(filters.location ? resolveLocation(await loadLocations(), filters.location) : {}),
      };

      if (query.areaIds?.length === 0) return emptyPage(page, perPage, pageUrl);
      if (query.subcategoryId && query.closedSubcategoryIds.includes(query.subcategoryId)) {
        return emptyPage(page, perPage, pageUrl);
      }
      if (query.priceMin !== undefined || query.priceMax !== undefined) {
        const priced = await pricedPage(query);
        if (priced?.ids) return adsPage(await listItems(priced.ids), priced.total, false);
        if (priced) {
          const onlyIds = priced.matched!;
          const ids = priced.total > query.offset ? await pages(JSON.stringify(query), { ...query, onlyIds }) : [];
          return adsPage(await listItems(ids), priced.total, false);
        }
      }
      let count = await countOf(query);
      if (count.total === 0 && query.search && query.search.length >= TYPO_TOLERANCE_MIN_LENGTH) {
        query.searchMode = "similar";
        count = await countOf(query);
      }
      // Ranking every match by relevance costs too much when thousands match a common word; they all
      // contain it, so the most popular come first instead (decision 011).
      if (!query.sort && count.total > RELEVANCE_RANK_LIMIT) query.sort = { field: "visibility_score", order: "desc" };
      const ids = count.more || count.total > query.offset ? await pages(JSON.stringify(query), { ...query }) : [];
      let { total, more } = count;
      if (more && ids.length === perPage) {
        // At least this page and one more ad.
        total = Math.max(total, query.offset + perPage + 1);
      } else if (more && ids.length > 0) {
        // A short page is the last one: the total is known after all.
        total = query.offset + ids.length;
        more = false;
      } else if (more) {
        // Past the end: count, so the reply can point back to the last page.
        total = await exactCountOf(query);
        more = false;
      }
      return adsPage(await listItems(ids), total, more);

      function adsPage(rows: SerializedAd[], total: number, more: boolean): SerializedAdsPage {
        const serialized = serializeAdsPage({
          ...toPage(rows, total, page, perPage, pageUrl),
          total_is_lower_bound: more,
        });
        return { ...serialized, byResemblance: query.searchMode === "similar" };
      }
    },
  };

  type PageRequest = { filters: TAdFilters; pageUrl: string; words: string[] | null | undefined };
  const pagesByFilters = createChangeAwareCache(db, {
    ...PAGE_CACHE,
    load: ({ filters, pageUrl }: PageRequest) => service.listAds(filters, pageUrl),
    scope: ({ filters, words }, page) => ({
      subcategoryId: filters.subcategory_id,
      categoryId: filters.category_id,
      userId: filters.user_id,
      // A page of ads resembling misspelt words holds ads without them.
      searchWords: page.byResemblance ? undefined : (words ?? undefined),
    }),
  });

  return {
    ...service,
    /**
     * A page of POST /ads/get written once for every visitor until a write concerns it (decisions 055, 056): a
     * repeated list is answered with stored bytes, not queried and written again. `rawBody`, the request's body
     * as sent, becomes a second key of the page, so the same bytes are answered before they are even validated.
     */
    async listAdsSerialized(filters: TAdFilters, pageUrl: string, rawBody?: string) {
      const context = {
        filters,
        pageUrl,
        words: filters.search === undefined ? undefined : await wordsOf(filters.search),
      };
      const page = pagesByFilters(`${pageUrl} ${JSON.stringify(filters)}`, context);
      if (rawBody !== undefined && rawBody.length <= RAW_BODY_KEY_MAX) {
        pagesByFilters.alias(rawKey(pageUrl, rawBody), page, context);
      }
      return page;
    },
    /** The page stored for a body sent before, as it was sent; undefined when none is. */
    cachedPageForRawBody: (pageUrl: string, rawBody: string) =>
      rawBody.length <= RAW_BODY_KEY_MAX ? pagesByFilters.peek(rawKey(pageUrl, rawBody)) : undefined,
  };
}

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

export type AdsService = ReturnType<typeof createAdsService>;

const emptyPage = (page: number, perPage: number, pageUrl: string): SerializedAdsPage =>
  serializeAdsPage({ ...toPage([], 0, page, perPage, pageUrl), total_is_lower_bound: false });
