import type { TAdListItem } from "@waterside/shared/ads";
import { useLocation, useNavigation } from "react-router";
import { AdCard, AdCardSkeletons } from "./ad-card";

/** The results grid: skeletons while new results load, the spec's empty state when there are none. */
export function AdGrid({ ads }: { ads: TAdListItem[] }) {
  const navigation = useNavigation();
  const location = useLocation();
  // Only a new page of the same list (filters, sort, paging) shows placeholders, not leaving it.
  const loading = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  if (!loading && ads.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
        <p className="font-semibold">No ads available</p>
        <p className="mt-1 text-slate-600">Check back later or explore other categories.</p>
      </div>
    );
  }
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 xl:grid-cols-4" aria-busy={loading}>
      {loading ? (
        <AdCardSkeletons />
      ) : (
        ads.map((ad, index) => (
          <li key={ad.id}>
            <AdCard ad={ad} eager={index < 2} />
          </li>
        ))
      )}
    </ul>
  );
}
