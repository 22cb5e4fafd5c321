import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { precacheList } from "./build-service-worker.ts";

/** A client build with React Router's manifest for a root, the public layout and its pages, and other screens. */
function clientBuild() {
  const clientDir = mkdtempSync(path.join(tmpdir(), "waterside-sw-"));
  mkdirSync(path.join(clientDir, "assets"));
  const route = (
    id: string,
    parentId: string | undefined,
    module: string,
    imports: string[] = [],
    css: string[] = [],
  ) => ({
    id,
    parentId,
    module,
    imports,
    css,
  });
  const manifest = {
    entry: { module: "/assets/entry.client-a1.js", imports: ["/assets/jsx-runtime-b2.js"] },
    routes: {
      root: route("root", undefined, "/assets/root-c3.js", ["/assets/jsx-runtime-b2.js"], ["/assets/root-d4.css"]),
      "app/layouts/public-layout": route("app/layouts/public-layout", "root", "/assets/public-layout-e5.js"),
      "features/ads/routes/listing": route(
        "features/ads/routes/listing",
        "app/layouts/public-layout",
        "/assets/listing-f6.js",
        ["/assets/listing-loader-g7.js"],
      ),
      "app/routes/ad": route("app/routes/ad", "app/layouts/public-layout", "/assets/ad-h8.js"),
      "app/layouts/account-layout": route("app/layouts/account-layout", "root", "/assets/account-layout-i9.js"),
      "app/routes/chat": route("app/routes/chat", "app/layouts/account-layout", "/assets/chat-j0.js"),
      "app/layouts/admin-layout": route("app/layouts/admin-layout", "root", "/assets/admin-layout-k1.js"),
    },
  };
  writeFileSync(
    path.join(clientDir, "assets/manifest-0a1b2c3d.js"),
    `window.__reactRouterManifest=${JSON.stringify(manifest)};`,
  );
  // The root's lazy imports as Vite writes them: the toaster, and the queue's sender with a dependency of its own.
  writeFileSync(
    path.join(clientDir, "assets/root-c3.js"),
    'const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["assets/send-queued-ad-m2.js","assets/queued-ads-n3.js"])))=>i.map(i=>d[i]);' +
      'const T=lazy(()=>import("./dist-l1.js"));const s=()=>__vitePreload(()=>import("./send-queued-ad-m2.js"),__vite__mapDeps([0,1]));',
  );
  for (const file of ["dist-l1.js", "send-queued-ad-m2.js", "queued-ads-n3.js"]) {
    writeFileSync(path.join(clientDir, "assets", file), "");
  }
  return clientDir;
}

describe("the service worker's precache list", () => {
  it("holds the code every public page loads first and what the root loads lazily, not each page's own route nor other screens'", () => {
    const urls = precacheList(clientBuild()).map((entry) => entry.url);
    expect(urls).toEqual([
      "/assets/dist-l1.js",
      "/assets/entry.client-a1.js",
      "/assets/jsx-runtime-b2.js",
      "/assets/manifest-0a1b2c3d.js",
      "/assets/public-layout-e5.js",
      "/assets/queued-ads-n3.js",
      "/assets/root-c3.js",
      "/assets/root-d4.css",
      "/assets/send-queued-ad-m2.js",
    ]);
  });

  it("needs no revisions: every name carries its content's hash", () => {
    expect(precacheList(clientBuild()).every((entry) => entry.revision === null)).toBe(true);
  });

  it("refuses a folder that is not a finished client build", () => {
    const empty = mkdtempSync(path.join(tmpdir(), "waterside-sw-"));
    mkdirSync(path.join(empty, "assets"));
    expect(() => precacheList(empty)).toThrow(/No React Router manifest/);
  });
});
