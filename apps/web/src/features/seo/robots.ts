import type { Route } from "./+types/robots";

/** Public pages are crawlable; personal, admin and API paths are not. */
export function loader({ context }: Route.LoaderArgs) {
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    "Disallow: /auth",
    "Disallow: /profile",
    "Disallow: /settings",
    "Disallow: /chat",
    "Disallow: /sell",
    "Disallow: /admin",
    // A page's start-up for its app (decision 111): data, never a page.
    "Disallow: /page-boot/",
    "",
    `Sitemap: ${context.origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=86400" },
  });
}
