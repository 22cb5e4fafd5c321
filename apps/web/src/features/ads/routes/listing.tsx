import { BRAND } from "@waterside/shared/brand";
import type { Route } from "./+types/listing";
import type { BreadcrumbHandle } from "~/lib/breadcrumbs";
import { absoluteUrl, pageMeta, siteOrigin } from "~/lib/seo";
import { adCount } from "../ad-count";
import { ListingView } from "../components/listing-view";
import { LISTING_DEFAULT_SORT, listingJsonLd, loadListing } from "../listing-loader";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  return loadListing(context, request, {
    categoryId: Number(params.categoryId),
    subcategoryId: Number(params.subcategoryId),
    defaultSort: LISTING_DEFAULT_SORT,
  });
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  if (!data?.subcategory || !data.category) return [];
  const { category, subcategory, ads } = data;
  const origin = siteOrigin(matches);
  return [
    ...pageMeta(
      {
        title: `${subcategory.name} in Liberia`,
        description: `${subcategory.name} in ${category.name} on ${BRAND}, ${adCount(ads)}: compare prices across Liberia's counties and chat with sellers.`,
        path: `/categories/${category.id}/${subcategory.id}`,
        image: ads.data[0]?.images[0] ? absoluteUrl(ads.data[0].images[0].card_url, origin) : undefined,
      },
      origin,
    ),
    listingJsonLd(data, origin),
  ];
};

export const handle: BreadcrumbHandle = {
  breadcrumb: (loaderData) => {
    const { category, subcategory } = loaderData as Route.ComponentProps["loaderData"];
    return [
      { label: "Categories", to: "/categories" },
      { label: category!.name, to: `/categories/${category!.id}` },
      { label: subcategory!.name, to: `/categories/${category!.id}/${subcategory!.id}` },
    ];
  },
};

export default function SubcategoryListingPage({ loaderData }: Route.ComponentProps) {
  const { category, subcategory, ads, filters, featured, sellerName } = loaderData;
  return (
    <ListingView
      heading={`${sellerName ? `${sellerName} ` : ""}${subcategory!.name} Ads`}
      ads={ads}
      filters={filters}
      defaultSort={LISTING_DEFAULT_SORT}
      category={category}
      subcategoryId={subcategory!.id}
      featured={featured}
    />
  );
}
