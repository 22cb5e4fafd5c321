import type { TAdFilters } from "@waterside/shared/ads";
import type { AppLoadContext } from "react-router";
import { data } from "react-router";
import { ApiError } from "~/lib/api-client";
import { adListJsonLd } from "~/lib/seo";
import { adPath } from "~/components/ads/ad-path";
import { getAdCards } from "./api/get-ads";
import { getCategories } from "~/lib/api/get-categories";
import { getFeaturedBusinesses } from "./api/get-featured-businesses";
import { getSellerCategories } from "./api/get-seller-categories";
import { getSubcategoryFilters } from "./api/get-subcategory-filters";
import { filtersFromUrl } from "./listing-params";

const noFiltersWhenMissing = (error: unknown) => {
  if (error instanceof ApiError && error.status === 404) return [];
  throw error;
};

/** Spec §9: listings default to Popular (visibility_score desc); other lists to newest first. */
export const LISTING_DEFAULT_SORT = "visibility_score|desc";
export const SEARCH_DEFAULT_SORT = "created_at|desc";

/**
 * Everything a list page renders, fetched in parallel: the ads for the URL's filters, the catalog
 * (all categories, or a seller's own in seller mode), the subcategory's filters and Top Brands.
 */
export async function loadListing(
  context: AppLoadContext,
  request: Request,
  scope: { categoryId?: number; subcategoryId?: number; defaultSort: string; section?: TAdFilters["section"] },
) {
  const url = new URL(request.url);
  const sellerId = Number(url.searchParams.get("user_id")) || undefined;
  const filters = filtersFromUrl(url.searchParams, {
    category_id: scope.categoryId,
    subcategory_id: scope.subcategoryId,
    section: scope.section,
  });
  // With search words and no chosen sort, the API orders by relevance; otherwise the page's default.
  if (!filters.sort_combined && !filters.search) filters.sort_combined = scope.defaultSort;

  const [categories, ads, attributeFilters, featured] = await Promise.all([
    sellerId ? getSellerCategories(context.api, sellerId) : getCategories(context.api),
    getAdCards(context.api, filters).catch((error: unknown) => {
      // L$ bounds before any exchange rate is set cannot be converted (422 on price_currency): the list without them.
      if (error instanceof ApiError && error.status === 422 && error.errors?.price_currency) {
        return getAdCards(context.api, {
          ...filters,
          price_min: undefined,
          price_max: undefined,
          price_currency: undefined,
        });
      }
      throw error;
    }),
    // An inactive subcategory has no filters; the 404 below answers for it.
    scope.subcategoryId ? getSubcategoryFilters(context.api, scope.subcategoryId).catch(noFiltersWhenMissing) : [],
    scope.subcategoryId && !sellerId ? getFeaturedBusinesses(context.api, scope.subcategoryId) : [],
  ]);
  const category = scope.categoryId ? categories.find((candidate) => candidate.id === scope.categoryId) : undefined;
  const subcategory = category?.subcategories.find((sub) => sub.id === scope.subcategoryId);
  if ((scope.categoryId && !category) || (scope.subcategoryId && !subcategory)) throw data(null, { status: 404 });

  // Only the page's category goes to the page: the whole catalog would ride in every list page's HTML for nothing.
  return {
    category,
    subcategory,
    ads,
    filters: attributeFilters,
    featured,
    sellerName: sellerId ? (url.searchParams.get("user_name") ?? "") : "",
  };
}

export function listingJsonLd(loaded: Awaited<ReturnType<typeof loadListing>>, origin: string) {
  return adListJsonLd(
    origin,
    loaded.ads.data.map((ad) => ({
      title: ad.title,
      price: ad.price,
      path: adPath(ad),
      image: ad.images[0]?.card_url,
    })),
  );
}
