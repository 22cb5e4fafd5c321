import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { bundleReadingPage } from "./scripts/bundle-reading-page";
import { bundleServiceWorker } from "./scripts/build-service-worker";
import { SERVICE_WORKER_URL } from "./src/lib/offline-caches";

/**
 * In development the service worker (decision 102) is bundled when asked for, with nothing to precache; the
 * production build writes it after the client build (scripts/build-service-worker.ts).
 */
function serviceWorkerInDevelopment(): Plugin {
  return {
    name: "waterside-service-worker",
    apply: "serve",
    configureServer(server) {
      server.middlewares.use(SERVICE_WORKER_URL, (_request, response, next) => {
        bundleServiceWorker([], false).then((code) => {
          response.setHeader("content-type", "text/javascript; charset=utf-8");
          response.setHeader("cache-control", "no-cache");
          response.end(code);
        }, next);
      });
    },
  };
}

const READING_PAGE_MODULE = "virtual:reading-page-script";

/**
 * `import readingPageScript from "virtual:reading-page-script"`: the reading script of a public page sent without the
 * app (lib/reading-page.ts, decision 107), bundled as one minified script's text for the server to put in the page.
 * The server's build carries the text, so production needs no bundler.
 */
function readingPageScript(): Plugin {
  const resolved = `\0${READING_PAGE_MODULE}`;
  return {
    name: "waterside-reading-page-script",
    resolveId: (id) => (id === READING_PAGE_MODULE ? resolved : undefined),
    async load(id) {
      if (id !== resolved) return undefined;
      const { code, files } = await bundleReadingPage();
      for (const file of files) this.addWatchFile(file);
      return `export default ${JSON.stringify(code)};`;
    },
  };
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), serviceWorkerInDevelopment(), readingPageScript()],
  resolve: { alias: { "~": new URL("./src", import.meta.url).pathname } },
});
