import type { TAdCard } from "~/components/ads/ad-card-data";
import type { TPaged } from "@waterside/shared/api-envelope";
import type { TCategory, TFeaturedBusiness, TFilterDefinition } from "@waterside/shared/catalog";
import { useEffect, type ReactNode } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { SaveSearchButton, savedSearchFilters, suggestSearchName } from "~/components/save-search-button";
import { markSavedSearchSeen } from "~/lib/api/mark-saved-search-seen";
import { authedTransport, useSession } from "~/lib/session";
import { adCount } from "../ad-count";
import { ActiveFilterChips } from "./active-filter-chips";
import { AdGrid } from "./ad-grid";
import { FilterModal, FilterSidebar } from "./filter-panel";
import { filtersFromUrl } from "../listing-params";
import { Pagination } from "./pagination";
import { SearchBar } from "./search-bar";
import { TopBrands } from "./top-brands";

export interface ListingViewProps {
  heading: string;
  ads: TPaged<TAdCard>;
  filters: TFilterDefinition[];
  defaultSort: string;
  /** The category whose subcategories the selector offers, and the one chosen. */
  category?: TCategory;
  subcategoryId?: number;
  featured?: TFeaturedBusiness[];
  children?: ReactNode;
}

/** A list of ads with search bar, subcategory selector, filters, chips, results and pages. */
export function ListingView({
  heading,
  ads,
  filters,
  defaultSort,
  category,
  subcategoryId,
  featured = [],
  children,
}: ListingViewProps) {
  const [params] = useSearchParams();
  const sellerMode = params.has("user_id");
  const subcategory = category?.subcategories.find((sub) => sub.id === subcategoryId);
  const searchFilters = savedSearchFilters(
    filtersFromUrl(params, { category_id: category?.id, subcategory_id: subcategoryId }),
  );
  const session = useSession();
  const openedSearch = Number(params.get("saved_search")) || undefined;
  useEffect(() => {
    // Opened from an alert or the profile's Saved searches: the search's matches are seen now. A failed mark only
    // leaves the count for next time.
    if (openedSearch && session.status === "signed-in") {
      markSavedSearchSeen(authedTransport, openedSearch).catch(() => {});
    }
  }, [openedSearch, session.status]);
  return (
    <div className="mx-auto max-w-7xl space-y-4 px-4 py-4 sm:px-6">
      <SearchBar
        key={`${params.get("search")}|${params.get("location")}`}
        search={params.get("search") ?? ""}
        location={params.get("location") ?? ""}
      />
      {/* A long searched word wraps instead of pushing the page wider than a phone. */}
      <h1 className="text-2xl font-semibold wrap-anywhere">{heading}</h1>
      {children}
      <div className="flex flex-wrap items-center gap-3">
        {category && <SubcategorySelector category={category} subcategoryId={subcategoryId} />}
        <FilterModal filters={filters} defaultSort={defaultSort} />
        {!sellerMode && (
          <SaveSearchButton
            filters={searchFilters}
            suggestedName={suggestSearchName(searchFilters, subcategory?.name ?? category?.name)}
          />
        )}
      </div>
      {!sellerMode && <TopBrands businesses={featured} />}
      <ActiveFilterChips filters={filters} defaultSort={defaultSort} />
      <div className="flex items-start gap-6">
        <FilterSidebar filters={filters} defaultSort={defaultSort} />
        <section aria-label="Results" className="min-w-0 flex-1">
          {/* The count heads the results: the cards' titles are h3, so headings step down one level at a time. */}
          <h2 className="mb-3 text-sm font-normal text-slate-600" aria-live="polite">
            {adCount(ads)}
          </h2>
          <AdGrid ads={ads.data} />
          <Pagination page={ads.current_page} lastPage={ads.last_page} lastPageKnown={!ads.total_is_lower_bound} />
        </section>
      </div>
    </div>
  );
}

/** Spec §2: choosing a subcategory navigates (replacing history) and resets the filters; seller params stay. */
function SubcategorySelector({ category, subcategoryId }: { category: TCategory; subcategoryId?: number }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const seller = new URLSearchParams([...params].filter(([key]) => key === "user_id" || key === "user_name"));
  const query = seller.size ? `?${seller}` : "";
  return (
    <label className="flex items-center gap-2 text-sm">
      <span className="sr-only">Subcategory</span>
      <select
        value={subcategoryId ?? ""}
        onChange={(event) =>
          navigate(`/categories/${category.id}${event.target.value ? `/${event.target.value}` : ""}${query}`, {
            replace: true,
          })
        }
        className="rounded-lg border border-slate-300 bg-white px-3 py-2"
      >
        <option value="">Select Subcategory</option>
        {category.subcategories.map((sub) => (
          <option key={sub.id} value={sub.id}>
            {sub.name} ({sub.ads_count})
          </option>
        ))}
      </select>
    </label>
  );
}
