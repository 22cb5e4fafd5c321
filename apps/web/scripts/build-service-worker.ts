import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { SERVICE_WORKER_URL } from "../src/lib/offline-caches.ts";

/**
 * Builds the service worker (decision 102) after React Router's client build: service-worker/service-worker.ts,
 * with the Workbox modules it imports, bundled into `client/sw.js`, and its precache list injected where Workbox
 * looks for it (`self.__WB_MANIFEST`). Workbox runs in the worker only; no page loads any of it.
 */

const WORKER_SOURCE = path.resolve(import.meta.dirname, "../service-worker/service-worker.ts");
/** React Router's browser manifest, `window.__reactRouterManifest={…};`, under a hashed name. */
const ROUTER_MANIFEST = /^manifest-[\w-]+\.js$/;

interface RouterManifest {
  entry: { module: string; imports?: string[]; css?: string[] };
  routes: Record<string, { id: string; parentId?: string; module?: string; imports?: string[]; css?: string[] }>;
}

/** The public pages' layout: every route under it is a public page. */
const PUBLIC_LAYOUT = "app/layouts/public-layout";

/**
 * What is precached: the code every public page needs to come alive offline, not the whole build. The framework
 * entry, the root and public-layout routes and every public page's route (home, categories, listing, search, ad, a
 * seller's profile, the info pages), with their imports and styles, and the router's manifest. Signed-in and admin
 * chunks are cached when they are first used instead: precaching them would spend a visitor's data on screens
 * they may never open. Names carry their content's hash, so no revision is needed.
 */
export function precacheList(clientDir: string): Array<{ url: string; revision: null }> {
  const assetsDir = path.join(clientDir, "assets");
  const manifestFile = readdirSync(assetsDir).find((name) => ROUTER_MANIFEST.test(name));
  if (!manifestFile) throw new Error(`No React Router manifest in ${assetsDir}: build the web app first.`);
  const text = readFileSync(path.join(assetsDir, manifestFile), "utf8");
  const manifest = JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)) as RouterManifest;

  const underPublicLayout = (id: string | undefined): boolean =>
    id !== undefined && (id === PUBLIC_LAYOUT || underPublicLayout(manifest.routes[id]?.parentId));
  const publicRoutes = Object.values(manifest.routes).filter(
    (route) => route.id === "root" || underPublicLayout(route.id),
  );
  const urls = new Set<string>([`/assets/${manifestFile}`, manifest.entry.module, ...(manifest.entry.imports ?? [])]);
  for (const route of publicRoutes) {
    // A route without a component (a resource route) has no module in the browser.
    for (const url of [route.module, ...(route.imports ?? []), ...(route.css ?? [])]) if (url) urls.add(url);
  }
  return [...urls].sort().map((url) => ({ url, revision: null }));
}

/** The worker's code, with `precache` as its list; `production` drops Workbox's logging. */
export async function bundleServiceWorker(
  precache: Array<{ url: string; revision: null }>,
  production: boolean,
): Promise<string> {
  const result = await build({
    entryPoints: [WORKER_SOURCE],
    bundle: true,
    write: false,
    format: "iife",
    target: "es2020",
    minify: production,
    legalComments: "none",
    define: {
      "self.__WB_MANIFEST": JSON.stringify(precache),
      "process.env.NODE_ENV": JSON.stringify(production ? "production" : "development"),
    },
  });
  return result.outputFiles[0]!.text;
}

/** Writes `client/sw.js` for a finished client build; returns what it precaches, for the build's log. */
export async function buildServiceWorker(clientDir: string) {
  const precache = precacheList(clientDir);
  const code = await bundleServiceWorker(precache, true);
  writeFileSync(path.join(clientDir, SERVICE_WORKER_URL), code);
  const bytes = precache.reduce((sum, { url }) => sum + statSync(path.join(clientDir, url)).size, 0);
  return { files: precache.length, bytes, workerBytes: Buffer.byteLength(code) };
}
