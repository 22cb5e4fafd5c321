import type { TAdListItem } from "@waterside/shared/ads";
import { useLocation, useNavigation } from "react-router";
import { NoAds } from "~/components/ads/no-ads";
import { AdCard, AdCardSkeletons } from "~/components/ads/ad-card";

/** The results grid: skeletons while new results load, the spec's empty state when there are none. */
export function AdGrid({ ads }: { ads: TAdListItem[] }) {
  const navigation = useNavigation();
  const location = useLocation();
  // Only a new page of the same list (filters, sort, paging) shows placeholders, not leaving it.
  const loading = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  if (!loading && ads.length === 0) {
    return <NoAds />;
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
