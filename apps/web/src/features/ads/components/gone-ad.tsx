import type { TAdCard } from "~/components/ads/ad-card-data";
import { Link } from "react-router";
import { AdGrid } from "./ad-grid";
import { SearchBar } from "./search-bar";

export interface GoneAdProps {
  /** 410: the ad was posted and is gone (deleted, hidden, its seller banned); 404: no ad ever had this link. */
  status: 404 | 410;
  /** The category and subcategory of the link, when they exist. */
  category?: { id: number; name: string };
  subcategory?: { id: number; name: string };
  /** Ads of the same subcategory (or the most visible ones when the link names none that exists). */
  similar: TAdCard[];
}

/**
 * Where a shared link of an ad that is no longer shown lands (decision 059): what happened, in the ad's category
 * when the link names one, with a search box and similar ads to go on with, inside the site's header and footer.
 */
export function GoneAd({ status, category, subcategory, similar }: GoneAdProps) {
  const listing = category && subcategory && `/categories/${category.id}/${subcategory.id}`;
  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-6 sm:px-6">
      <section className="rounded-xl border border-slate-200 bg-white p-4 text-center sm:p-8">
        {category && (
          <p className="text-sm font-medium text-emerald-800">
            {subcategory ? `${category.name} › ${subcategory.name}` : category.name}
          </p>
        )}
        <h1 className="mt-1 text-2xl font-semibold">This ad is no longer available</h1>
        <p className="mt-2 text-slate-600">
          {status === 410
            ? "The seller may have sold the item or taken the ad down."
            : "No ad has this link: it may have been mistyped."}{" "}
          Search for what you need, or look at similar ads below.
        </p>
        <div className="mx-auto mt-4 max-w-2xl text-left">
          <SearchBar />
        </div>
        <div className="mt-4 flex flex-wrap justify-center gap-3 text-sm">
          {listing && subcategory && (
            <Link
              to={listing}
              className="rounded-lg bg-emerald-700 px-4 py-2 font-medium text-white hover:bg-emerald-800"
            >
              {`See all in ${subcategory.name}`}
            </Link>
          )}
          <Link
            to="/"
            className="rounded-lg border border-emerald-700 px-4 py-2 font-medium text-emerald-800 hover:bg-emerald-50"
          >
            Go back home
          </Link>
        </div>
      </section>
      {similar.length > 0 && (
        <section aria-labelledby="similar-ads" className="space-y-3">
          <h2 id="similar-ads" className="text-xl font-semibold">
            {subcategory ? `Similar ads in ${subcategory.name}` : "Ads you may like"}
          </h2>
          <AdGrid ads={similar} />
        </section>
      )}
    </div>
  );
}
