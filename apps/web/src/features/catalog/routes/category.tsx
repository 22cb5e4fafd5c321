import { data } from "react-router";
import { BRAND } from "@waterside/shared/brand";
import type { Route } from "./+types/category";
import type { BreadcrumbHandle } from "~/lib/breadcrumbs";
import { pageMeta, siteOrigin } from "~/lib/seo";
import { getActiveCategories } from "../api/get-active-categories";
import { CategoryTile } from "../components/category-tile";

export async function loader({ context, params }: Route.LoaderArgs) {
  const categories = await getActiveCategories(context.api);
  const category = categories.find((candidate) => String(candidate.id) === params.categoryId);
  if (!category) throw data(null, { status: 404 });
  return { category };
}

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) =>
  loaderData
    ? pageMeta(
        {
          title: loaderData.category.name,
          description: `${loaderData.category.name} for sale and rent across Liberia on ${BRAND}: ${loaderData.category.subcategories.map((sub) => sub.name).join(", ")}.`,
          path: `/categories/${loaderData.category.id}`,
          image: loaderData.category.image_url ? `${siteOrigin(matches)}${loaderData.category.image_url}` : undefined,
        },
        siteOrigin(matches),
      )
    : [];

export const handle: BreadcrumbHandle = {
  breadcrumb: (loaderData) => {
    const { category } = loaderData as Route.ComponentProps["loaderData"];
    return [
      { label: "Categories", to: "/categories" },
      { label: category.name, to: `/categories/${category.id}` },
    ];
  },
};

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { category } = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
      <h1 className="mb-4 text-2xl font-semibold">{category.name}</h1>
      {category.subcategories.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 p-8 text-center">
          <p className="font-medium">No ads available</p>
          <p className="text-slate-600">Check back later or explore other categories.</p>
        </div>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          {category.subcategories.map((sub) => (
            <li key={sub.id}>
              <CategoryTile
                to={`/categories/${category.id}/${sub.id}`}
                name={sub.name}
                imageUrl={sub.image_url}
                count={sub.ads_count}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
