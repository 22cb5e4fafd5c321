import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
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

/** The routes every public page loads: the root and the public pages' layout. */
const SHELL_ROUTES = ["root", "app/layouts/public-layout"];

/**
 * What is precached: the code every hydrated public page loads before its own route, so that a kept page comes alive
 * offline even once the browser's HTTP cache has let it go: the framework entry and its imports, the root and the
 * public layout with their imports and styles, and the router's manifest. A page landed on already loaded all of it,
 * so installing costs no download there (the names carry their content's hash: no revision, and Workbox then lets
 * the HTTP cache answer). Each page's own route code, and the signed-in and admin screens', is cached when it is
 * first used (the worker's /assets route): precaching every route would spend a visitor's data (about 240 KB gzip)
 * on pages they may never open.
 */
export function precacheList(clientDir: string): Array<{ url: string; revision: null }> {
  const assetsDir = path.join(clientDir, "assets");
  const manifestFile = readdirSync(assetsDir).find((name) => ROUTER_MANIFEST.test(name));
  if (!manifestFile) throw new Error(`No React Router manifest in ${assetsDir}: build the web app first.`);
  const text = readFileSync(path.join(assetsDir, manifestFile), "utf8");
  const manifest = JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)) as RouterManifest;

  const urls = new Set<string>([`/assets/${manifestFile}`, manifest.entry.module, ...(manifest.entry.imports ?? [])]);
  for (const id of SHELL_ROUTES) {
    const route = manifest.routes[id];
    if (!route?.module) throw new Error(`React Router's manifest has no route "${id}": update SHELL_ROUTES.`);
    for (const url of [route.module, ...(route.imports ?? []), ...(route.css ?? [])]) urls.add(url);
  }
  for (const url of lazyImportsOf(clientDir, manifest.routes.root!.module!)) urls.add(url);
  return [...urls].sort().map((url) => ({ url, revision: null }));
}

/**
 * What the root fetches only when needed, with what those chunks import (decision 104): the toaster, which speaks
 * first when something happens offline (a save or a post kept for later), and the sender of the writes made offline.
 * Vite names them in the root's module, as `import("./x.js")` and in its list of preloaded dependencies
 * (`"assets/x.js"`). A fetch of one never made before, offline, would break the page, so they are precached with
 * the shell (about 14 KB gzip, the toaster's library most of it).
 */
function lazyImportsOf(clientDir: string, rootModule: string): string[] {
  const code = readFileSync(path.join(clientDir, rootModule), "utf8");
  const named = [
    ...[...code.matchAll(/import\("\.\/([^"]+\.js)"\)/g)].map((match) => `/assets/${match[1]}`),
    ...[...code.matchAll(/"(assets\/[^"]+\.(?:js|css))"/g)].map((match) => `/${match[1]}`),
  ];
  return named.filter((url) => existsSync(path.join(clientDir, url)));
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
