import { BRAND } from "@waterside/shared/brand";
import { useSearchParams } from "react-router";
import type { Route } from "./+types/category";
import type { BreadcrumbHandle } from "~/lib/breadcrumbs";
import { absoluteUrl, pageMeta, siteOrigin } from "~/lib/seo";
import { CategoryTile } from "../components/category-tile";
import { ListingView } from "../components/listing-view";
import { LISTING_DEFAULT_SORT, listingJsonLd, loadListing } from "../listing-loader";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  return loadListing(context, request, { categoryId: Number(params.categoryId), defaultSort: LISTING_DEFAULT_SORT });
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  if (!data?.category) return [];
  const { category } = data;
  const origin = siteOrigin(matches);
  return [
    ...pageMeta(
      {
        title: category.name,
        description: `${category.name} for sale and rent across Liberia on ${BRAND}: ${category.subcategories.map((sub) => sub.name).join(", ")}.`,
        path: `/categories/${category.id}`,
        image: category.image_url ? absoluteUrl(category.image_url, origin) : undefined,
      },
      origin,
    ),
    listingJsonLd(data, origin),
  ];
};

export const handle: BreadcrumbHandle = {
  breadcrumb: (loaderData) => {
    const { category } = loaderData as Route.ComponentProps["loaderData"];
    return [
      { label: "Categories", to: "/categories" },
      { label: category!.name, to: `/categories/${category!.id}` },
    ];
  },
};

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, ads, sellerName } = loaderData;
  const [params] = useSearchParams();
  const seller = new URLSearchParams([...params].filter(([key]) => key === "user_id" || key === "user_name"));
  return (
    <ListingView
      heading={`${sellerName ? `${sellerName} ` : ""}${category!.name}`}
      ads={ads}
      filters={[]}
      defaultSort={LISTING_DEFAULT_SORT}
      category={category}
    >
      <ul aria-label="Subcategories" className="flex gap-3 overflow-x-auto pb-1">
        {category!.subcategories.map((sub) => (
          <li key={sub.id} className="w-32 shrink-0">
            <CategoryTile
              to={`/categories/${category!.id}/${sub.id}${seller.size ? `?${seller}` : ""}`}
              name={sub.name}
              imageUrl={sub.image_url}
              count={sub.ads_count}
            />
          </li>
        ))}
      </ul>
    </ListingView>
  );
}
