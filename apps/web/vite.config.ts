import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
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

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), serviceWorkerInDevelopment()],
  resolve: { alias: { "~": new URL("./src", import.meta.url).pathname } },
});
