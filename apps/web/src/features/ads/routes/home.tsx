import { HORIZONTAL_LIST_SIZE } from "@waterside/shared/ads-messages";
import { BRAND, BRAND_TAGLINE } from "@waterside/shared/brand";
import { Suspense } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/home";
import { pageMeta, siteOrigin } from "~/lib/seo";
import { getAdCards } from "../api/get-ads";
import { getCategories } from "~/lib/api/get-categories";
import { HorizontalAdList } from "../components/horizontal-ad-list";
import { CategoryTile } from "../components/category-tile";
import { HeroBanner } from "../components/hero-banner";

const SECTIONS = [
  { section: "for_you", title: "For you" },
  { section: "trending", title: "Trending" },
  { section: "top_seller", title: "Top sellers" },
] as const;

export async function loader({ context }: Route.LoaderArgs) {
  const [categories, ...lists] = await Promise.all([
    getCategories(context.api),
    ...SECTIONS.map(({ section }) => getAdCards(context.api, { section, per_page: HORIZONTAL_LIST_SIZE })),
  ]);
  return {
    // The tiles show a category's name and picture: its subcategories would ride in the page for nothing.
    categories: categories.map(({ id, name, image_url }) => ({ id, name, image_url })),
    sections: SECTIONS.map((entry, index) => ({ ...entry, ads: lists[index]!.data })),
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    {
      title: BRAND,
      description: `${BRAND_TAGLINE}: cars, phones, property, land, jobs and more from sellers across Liberia's 15 counties.`,
      path: "/",
    },
    siteOrigin(matches),
  );

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const { categories, sections } = loaderData;
  return (
    <>
      <h1 className="sr-only">
        {BRAND}: {BRAND_TAGLINE}
      </h1>
      <HeroBanner />
      <section aria-labelledby="home-categories" className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
        <div className="mb-4 flex items-baseline justify-between">
          <h2 id="home-categories" className="text-xl font-semibold">
            Categories
          </h2>
          <Link to="/categories" className="text-sm font-medium text-emerald-700 hover:underline">
            View all
          </Link>
        </div>
        {categories.length === 0 ? (
          <p className="text-slate-600">No categories yet.</p>
        ) : (
          <ul className="-mx-4 flex snap-x gap-3 overflow-x-auto px-4 pb-2 sm:mx-0 sm:grid sm:grid-cols-4 sm:overflow-visible sm:px-0 lg:grid-cols-8">
            {categories.map((category) => (
              <li key={category.id} className="w-32 shrink-0 snap-start sm:w-auto">
                <CategoryTile to={`/categories/${category.id}`} name={category.name} imageUrl={category.image_url} />
              </li>
            ))}
          </ul>
        )}
      </section>
      {/* No card photo is fetched ahead: the hero's headline is what a phone paints first, and photos
          below it would only slow that down on a thin connection. Each list is its own Suspense boundary, so
          React hydrates them one task at a time instead of blocking a slow phone in one long task. */}
      {sections.map(({ section, title, ads }) => (
        <Suspense key={section}>
          <HorizontalAdList id={`home-${section}`} title={title} ads={ads} viewAll={`/search?section=${section}`} />
        </Suspense>
      ))}
    </>
  );
}
