import { AD_PAGE_SIZE_MAX } from "@waterside/shared/ads-messages";
import type { Route } from "./+types/sitemap";
import { getAds } from "~/features/ads/api/get-ads";
import { getCategories } from "~/lib/api/get-categories";

const STATIC_PATHS = [
  "/",
  "/categories",
  "/how-to-sell",
  "/what-is-waterside",
  "/about-us",
  "/contact-us",
  "/faq",
  "/terms-and-conditions",
];
/** The newest ads listed: search engines find older ones through the category pages. */
const SITEMAP_AD_PAGES = 10;

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

export async function loader({ context }: Route.LoaderArgs) {
  const [categories, ...adPages] = await Promise.all([
    getCategories(context.api),
    ...Array.from({ length: SITEMAP_AD_PAGES }, (_, index) =>
      getAds(context.api, { page: index + 1, per_page: AD_PAGE_SIZE_MAX, sort_combined: "created_at|desc" }),
    ),
  ]);
  const entries: Array<{ path: string; lastmod?: string }> = [
    ...STATIC_PATHS.map((path) => ({ path })),
    ...categories.flatMap((category) => [
      { path: `/categories/${category.id}` },
      ...category.subcategories.map((sub) => ({ path: `/categories/${category.id}/${sub.id}` })),
    ]),
    ...adPages.flatMap((page) =>
      page.data.map((ad) => ({
        path: `/categories/${ad.category_id}/${ad.subcategory_id}/${ad.id}`,
        lastmod: ad.created_at.slice(0, 10),
      })),
    ),
  ];
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries.map(
      (entry) =>
        `<url><loc>${escapeXml(`${context.origin}${entry.path}`)}</loc>${entry.lastmod ? `<lastmod>${entry.lastmod}</lastmod>` : ""}</url>`,
    ),
    "</urlset>",
  ].join("\n");
  return new Response(xml, {
    headers: { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=3600" },
  });
}
