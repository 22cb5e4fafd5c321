import { HOME_SECTIONS } from "@waterside/shared/ads-messages";
import { BRAND } from "@waterside/shared/brand";
import { useSearchParams } from "react-router";
import type { Route } from "./+types/search";
import type { BreadcrumbHandle } from "~/lib/breadcrumbs";
import { pageMeta, siteOrigin } from "~/lib/seo";
import { adCount } from "../ad-count";
import { ListingView } from "../components/listing-view";
import { SEARCH_DEFAULT_SORT, listingJsonLd, loadListing } from "../listing-loader";

const SECTION_TITLES: Record<(typeof HOME_SECTIONS)[number], string> = {
  for_you: "For you",
  trending: "Trending",
  top_seller: "Top sellers",
};

export async function loader({ context, request }: Route.LoaderArgs) {
  const section = new URL(request.url).searchParams.get("section");
  const known = HOME_SECTIONS.find((candidate) => candidate === section);
  return loadListing(context, request, {
    defaultSort: known === "trending" || known === "top_seller" ? "visibility_score|desc" : SEARCH_DEFAULT_SORT,
    section: known,
  });
}

function heading(params: URLSearchParams) {
  const search = params.get("search")?.trim();
  const location = params.get("location")?.trim();
  const section = params.get("section") as keyof typeof SECTION_TITLES | null;
  if (search) return `Results for “${search}”${location ? ` in ${location}` : ""}`;
  if (section && SECTION_TITLES[section]) return SECTION_TITLES[section];
  return location ? `Ads in ${location}` : "All ads";
}

export const meta: Route.MetaFunction = ({ data, location, matches }) => {
  if (!data) return [];
  const origin = siteOrigin(matches);
  const title = heading(new URLSearchParams(location.search));
  return [
    ...pageMeta(
      {
        title,
        description: `${adCount(data.ads)} on ${BRAND}, Liberia's marketplace. ${title}.`,
        path: `/search${location.search}`,
      },
      origin,
    ),
    { name: "robots", content: "noindex, follow" },
    listingJsonLd(data, origin),
  ];
};

export const handle: BreadcrumbHandle = { breadcrumb: () => ({ label: "Search", to: "/search" }) };

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { ads } = loaderData;
  const [params] = useSearchParams();
  return <ListingView heading={heading(params)} ads={ads} filters={[]} defaultSort={SEARCH_DEFAULT_SORT} />;
}
