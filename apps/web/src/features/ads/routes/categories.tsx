import { useEffect, useState } from "react";
import { Link } from "react-router";
import type { TCategory } from "@waterside/shared/catalog";
import { BRAND } from "@waterside/shared/brand";
import type { Route } from "./+types/categories";
import type { BreadcrumbHandle } from "~/lib/breadcrumbs";
import { pageMeta, siteOrigin } from "~/lib/seo";
import { getCategories } from "~/lib/api/get-categories";
import { HeroBanner } from "../components/hero-banner";

/** Spec §9: a category shows its first 20 items, with a Show All toggle when it has more than 10. */
const ITEMS_SHOWN = 20;
const SHOW_ALL_AFTER = 10;
/** Spec §2: on arrival the page scrolls 200 px on phones (≤ 768 px) or 400 px, past the hero. */
const MOBILE_BREAKPOINT = 768;

export async function loader({ context }: Route.LoaderArgs) {
  return { categories: await getCategories(context.api) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    {
      title: "All categories",
      description: `Browse every category of ads on ${BRAND}, from vehicles to land.`,
      path: "/categories",
    },
    siteOrigin(matches),
  );

export const handle: BreadcrumbHandle = { breadcrumb: () => ({ label: "Categories", to: "/categories" }) };

export default function CategoriesPage({ loaderData }: Route.ComponentProps) {
  const { categories } = loaderData;
  useEffect(() => {
    window.scrollTo({ top: window.innerWidth <= MOBILE_BREAKPOINT ? 200 : 400, behavior: "smooth" });
  }, []);

  return (
    <>
      <HeroBanner />
      <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
        <h1 className="mb-6 text-2xl font-semibold">All categories</h1>
        {categories.length === 0 ? (
          <p className="text-slate-600">No categories yet.</p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {categories.map((category) => (
              <li key={category.id}>
                <CategoryCard category={category} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}

function CategoryCard({ category }: { category: TCategory }) {
  const [showAll, setShowAll] = useState(false);
  const items = showAll ? category.subcategories : category.subcategories.slice(0, ITEMS_SHOWN);
  return (
    <section
      aria-labelledby={`category-${category.id}`}
      className="flex h-full gap-4 rounded-xl border border-slate-200 bg-white p-4"
    >
      <img
        src={category.image_url ?? "/favicon.svg"}
        alt=""
        width={96}
        height={72}
        loading="lazy"
        fetchPriority="low"
        className="h-18 w-24 shrink-0 rounded-lg bg-slate-100 object-cover"
      />
      <div className="min-w-0">
        <h2 id={`category-${category.id}`} className="font-semibold">
          <Link to={`/categories/${category.id}`} className="hover:text-emerald-700 hover:underline">
            {category.name}
          </Link>
        </h2>
        <ul className="mt-2 space-y-1 text-sm">
          {items.map((sub) => (
            <li key={sub.id}>
              <Link to={`/categories/${category.id}/${sub.id}`} className="text-slate-700 hover:text-emerald-700">
                {sub.name} <span className="text-slate-500">({sub.ads_count})</span>
              </Link>
            </li>
          ))}
        </ul>
        {category.subcategories.length > SHOW_ALL_AFTER && category.subcategories.length > ITEMS_SHOWN && (
          <button
            type="button"
            onClick={() => setShowAll((value) => !value)}
            className="mt-2 text-sm font-medium text-emerald-700"
          >
            {showAll ? "Show less" : "Show All"}
          </button>
        )}
      </div>
    </section>
  );
}
