import type { TAdCard } from "~/components/ads/ad-card-data";
import { useLocation, useNavigation } from "react-router";
import { NoAds } from "~/components/ads/no-ads";
import { AdCard, AdCardSkeletons } from "~/components/ads/ad-card";

/**
 * A column's width: the listing is max-w-7xl with px-4 (sm:px-6), and from lg the w-64 filter panel and a gap-6 take
 * their share; the grid below has gap-3 (sm:gap-4) between 2, md:3 or xl:4 columns.
 */
const CARD_SIZES = [
  "(min-width: 1280px) 226px",
  "(min-width: 1024px) calc((100vw - 360px) / 3)",
  "(min-width: 768px) calc((100vw - 80px) / 3)",
  "(min-width: 640px) calc(50vw - 32px)",
  "calc(50vw - 22px)",
].join(", ");

/** The results grid: skeletons while new results load, the spec's empty state when there are none. */
export function AdGrid({ ads }: { ads: TAdCard[] }) {
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
            <AdCard ad={ad} sizes={CARD_SIZES} eager={index < 2} />
          </li>
        ))
      )}
    </ul>
  );
}
