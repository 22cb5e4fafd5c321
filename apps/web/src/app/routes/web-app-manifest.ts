import { webAppManifest } from "~/lib/web-app-manifest";

/** The web app manifest, as a resource route: its name comes from the brand constant, never retyped in a file. */
export function loader() {
  return new Response(JSON.stringify(webAppManifest()), {
    headers: { "content-type": "application/manifest+json", "cache-control": "public, max-age=86400" },
  });
}
