import type { TAdFilters, TSuggestion } from "@waterside/shared/ads";
import { AD_PAGE_SIZE, AD_PAGE_SIZE_MAX, TYPO_TOLERANCE_MIN_LENGTH } from "@waterside/shared/ads-messages";
import { EXCHANGE_RATE_MESSAGES } from "@waterside/shared/exchange-rates";
import type { Database } from "../../db/database.ts";
import { toPage } from "../../lib/paging.ts";
import { HttpError } from "../../plugins/errors.ts";
import { createLatestRateReader } from "../exchange-rates/latest-rate.ts";
import { usdValue } from "../selling/ad-prices.ts";
import { createAdListCaches } from "./ad-list-caches.ts";
import type { AdListQuery } from "./ads.queries.ts";
import { idsInRange, pageInRange, priceRange } from "./price-index.ts";
import { serializeAdsPage, type SerializedAd, type SerializedAdsPage } from "./serialized-ads-page.ts";

type Locations = Awaited<ReturnType<ReturnType<typeof createAdListCaches>["locations"]>>;

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
 * The public listing (POST /ads/get, the search box's suggestions): filters become a list query, answered from the
 * caches of `ad-list-caches.ts` where they can, as pages written once for every reader (decision 055).
 */
export function createAdListing(db: Database, mediaBaseUrl: string) {
  const caches = createAdListCaches(db, mediaBaseUrl, ({ filters, pageUrl }) => listAds(filters, pageUrl));
  const latestRate = createLatestRateReader(db);

  /**
   * The filters with their price bounds in US$ (decision 088): L$ bounds are converted at the rate in force, rounded
   * as an L$ ad's US$ price is, so an ad priced exactly at a bound stays within it. The lists compare them with each
   * ad's US$ value at the rate in force (decision 093), and the cached pages are keyed by these converted bounds: a
   * page computed at another rate is never served for them. 422 on price_currency for L$ bounds before any rate is set.
   */
  async function inUsd(filters: TAdFilters): Promise<TAdFilters> {
    const { price_currency: currency, ...rest } = filters;
    if (currency !== "LRD" || (rest.price_min === undefined && rest.price_max === undefined)) return rest;
    const rate = await latestRate();
    if (!rate) {
      throw new HttpError(422, EXCHANGE_RATE_MESSAGES.noRate, { price_currency: [EXCHANGE_RATE_MESSAGES.noRate] });
    }
    const convert = (bound: number | undefined) =>
      bound === undefined ? undefined : usdValue(bound, "LRD", rate.usd_lrd);
    return { ...rest, price_min: convert(rest.price_min), price_max: convert(rest.price_max) };
  }

  /**
   * A price range over a query with at most PRICE_INDEX_LIMIT matches is applied to all of them in memory: moving a
   * price slider then costs no query at all, and the total is exact (decision 013).
   */
  async function pricedPage(query: AdListQuery) {
    let candidates = await caches.priceIndex(query);
    if (candidates?.ids.length === 0 && query.search && query.search.length >= TYPO_TOLERANCE_MIN_LENGTH) {
      query.searchMode = "similar";
      candidates = await caches.priceIndex(query);
    }
    if (!candidates) return null;
    const range = priceRange(candidates, query.priceMin ?? -Infinity, query.priceMax ?? Infinity);
    // A search without a sort is ranked by relevance while few match: the database ranks those ads alone.
    if (!query.sort && range.total <= RELEVANCE_RANK_LIMIT) {
      return { total: range.total, ids: null, matched: idsInRange(candidates, range) };
    }
    return { total: range.total, ids: pageInRange(candidates, range, query.offset, query.limit), matched: null };
  }

  /** A page of active ads, written as POST /ads/get replies it. */
  async function listAds(filters: TAdFilters, pageUrl: string): Promise<SerializedAdsPage> {
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
      closedSubcategoryIds: await caches.closedSubcategories(),
      userId: filters.user_id,
      attributes: filters.attributes ?? [],
      priceMin: filters.price_min,
      priceMax: filters.price_max,
      search: filters.search,
      searchWords: filters.search === undefined ? undefined : await caches.searchWords(filters.search),
      businessSellersOnly: filters.section === "top_seller",
      boostedOnly: filters.has_active_subscription === true,
      verifiedSellersOnly: filters.verified_sellers === true,
      sort: sortField ? { field: sortField, order: (order as "asc" | "desc" | undefined) ?? "desc" } : null,
      limit: perPage,
      offset: (page - 1) * perPage,
      ...(filters.location ? resolveLocation(await caches.locations(), filters.location) : {}),
    };
    const adsPage = (rows: SerializedAd[], total: number, more: boolean): SerializedAdsPage => ({
      ...serializeAdsPage({ ...toPage(rows, total, page, perPage, pageUrl), total_is_lower_bound: more }),
      byResemblance: query.searchMode === "similar",
    });

    if (query.areaIds?.length === 0) return emptyPage(page, perPage, pageUrl);
    if (query.subcategoryId && query.closedSubcategoryIds.includes(query.subcategoryId)) {
      return emptyPage(page, perPage, pageUrl);
    }
    if (query.priceMin !== undefined || query.priceMax !== undefined) {
      const priced = await pricedPage(query);
      if (priced?.ids) return adsPage(await caches.listItems(priced.ids), priced.total, false);
      if (priced) {
        const ids = priced.total > query.offset ? await caches.pageIds(query, priced.matched!) : [];
        return adsPage(await caches.listItems(ids), priced.total, false);
      }
    }
    let count = await caches.totals(query);
    if (count.total === 0 && query.search && query.search.length >= TYPO_TOLERANCE_MIN_LENGTH) {
      query.searchMode = "similar";
      count = await caches.totals(query);
    }
    // Ranking every match by relevance costs too much when thousands match a common word; they all
    // contain it, so the most popular come first instead (decision 011).
    if (!query.sort && count.total > RELEVANCE_RANK_LIMIT) query.sort = { field: "visibility_score", order: "desc" };
    const ids = count.more || count.total > query.offset ? await caches.pageIds(query) : [];
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
      total = await caches.exactTotals(query);
      more = false;
    }
    return adsPage(await caches.listItems(ids), total, more);
  }

  return {
    cacheStats: caches.stats,
    async suggestions(search: string): Promise<TSuggestion[]> {
      return caches.suggestions(search.toLowerCase().replace(/\s+/g, " "));
    },
    /**
     * The stored page of these filters. A body with L$ bounds is not kept as a key of its page: its bytes are answered
     * before validation, and the same bytes mean another page once the rate changes.
     */
    async storedPage(filters: TAdFilters, pageUrl: string, rawBody?: string) {
      const lrdBounds =
        filters.price_currency === "LRD" && (filters.price_min !== undefined || filters.price_max !== undefined);
      return caches.storedPage(await inUsd(filters), pageUrl, lrdBounds ? undefined : rawBody);
    },
    storedPageForRawBody: caches.storedPageForRawBody,
  };
}

const emptyPage = (page: number, perPage: number, pageUrl: string): SerializedAdsPage =>
  serializeAdsPage({ ...toPage([], 0, page, perPage, pageUrl), total_is_lower_bound: false });
