import { mkdirSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { createS3Storage, createStorage, type Storage } from "../lib/storage.ts";
import { startS3Server } from "../test/s3-server.ts";
import { createTestApp } from "../test/test-app.ts";
import { registerWebApp } from "./web-app.ts";
import { archiveWebAssets, pruneWebAssets, readArchivedAsset } from "./web-asset-archive.ts";

const DAY = 24 * 3600 * 1000;

const backends: Array<[string, () => Promise<{ storage: Storage; stop(): Promise<void> }>]> = [
  [
    "local disk",
    async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), "waterside-web-assets-"));
      const config = loadConfig({ NODE_ENV: "test", TOKEN_SECRET: "t".repeat(40), DATA_DIR: dataDir });
      return { storage: createStorage(config), stop: () => rm(dataDir, { recursive: true, force: true }) };
    },
  ],
  [
    "S3 (s3rver)",
    async () => {
      const server = await startS3Server();
      const config = loadConfig({ NODE_ENV: "test", TOKEN_SECRET: "t".repeat(40), ...server.env });
      // Two objects a page, so the archive's listings follow continuation tokens.
      return { storage: createS3Storage(config.s3!, { pageSize: 2 }), stop: () => server.stop() };
    },
  ],
];

/** A web root as the image holds it: build/client/assets with hashed files, and a server entry. */
function release(root: string, name: string, assets: Record<string, string>) {
  const webRoot = path.join(root, name);
  mkdirSync(path.join(webRoot, "build/client/assets"), { recursive: true });
  mkdirSync(path.join(webRoot, "build/server"), { recursive: true });
  // Only pages import the build's exports; these tests ask for assets alone.
  writeFileSync(path.join(webRoot, "build/server/index.js"), "export const assets = {};\n");
  for (const [file, body] of Object.entries(assets))
    writeFileSync(path.join(webRoot, "build/client/assets", file), body);
  return { webRoot, assetsDir: path.join(webRoot, "build/client/assets") };
}

/** One server process of a release, as server.ts registers the web app in production. */
async function startProcess(webRoot: string, storage: Storage): Promise<FastifyInstance> {
  const app = Fastify();
  await registerWebApp(app, { webRoot, dev: false, publicUrl: "http://waterside.test", assetArchive: storage });
  await app.ready();
  return app;
}

const A = {
  "entry.client-AAAA1111.js": "console.log('release A entry');",
  "ad-page-AAAA2222.js": "export const page = 'A';",
  "shared-vendor-SSSS0000.js": "export const vendor = 1;",
  "root-AAAA3333.css": "body{color:red}",
};
const B = {
  "entry.client-BBBB1111.js": "console.log('release B entry');",
  "ad-page-BBBB2222.js": "export const page = 'B';",
  "shared-vendor-SSSS0000.js": "export const vendor = 1;",
};

describe.each(backends)("web assets across releases, stored on %s", (_, start) => {
  let backend: Awaited<ReturnType<(typeof backends)[number][1]>>;
  let root: string;
  beforeAll(async () => {
    backend = await start();
    root = await mkdtemp(path.join(tmpdir(), "waterside-releases-"));
  });
  afterAll(async () => {
    await backend?.stop();
    await rm(root, { recursive: true, force: true });
  });

  it("a process of release B answers release A's chunks after A's process is gone", async () => {
    const a = release(root, "a", A);
    const processA = await startProcess(a.webRoot, backend.storage);
    expect((await processA.inject({ method: "GET", url: "/assets/ad-page-AAAA2222.js" })).body).toBe(
      A["ad-page-AAAA2222.js"],
    );
    await processA.close();

    const b = release(root, "b", B);
    const processB = await startProcess(b.webRoot, backend.storage);
    try {
      const chunk = await processB.inject({ method: "GET", url: "/assets/ad-page-AAAA2222.js" });
      expect(chunk.statusCode).toBe(200);
      expect(chunk.body).toBe(A["ad-page-AAAA2222.js"]);
      expect(chunk.headers["content-type"]).toBe("text/javascript; charset=utf-8");
      expect(chunk.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      const style = await processB.inject({ method: "GET", url: "/assets/root-AAAA3333.css" });
      expect(style.statusCode).toBe(200);
      expect(style.headers["content-type"]).toBe("text/css; charset=utf-8");
      expect((await processB.inject({ method: "HEAD", url: "/assets/ad-page-AAAA2222.js" })).statusCode).toBe(200);
      // Its own files still come from its build.
      const own = await processB.inject({ method: "GET", url: "/assets/ad-page-BBBB2222.js" });
      expect(own.body).toBe(B["ad-page-BBBB2222.js"]);
      expect(own.headers["cache-control"]).toBe("public, max-age=31536000, immutable");

      expect((await processB.inject({ method: "GET", url: "/assets/ad-page-CCCC2222.js" })).statusCode).toBe(404);
    } finally {
      await processB.close();
    }
  });

  it("uploads only what is not archived yet: a second process of a release, or a chunk releases share", async () => {
    const c = release(root, "c", { ...B, "ad-page-CCCC2222.js": "export const page = 'C';" });
    const first = await archiveWebAssets(backend.storage, c.assetsDir);
    expect(first).toMatchObject({ files: 4, uploaded: 1 });
    const again = await archiveWebAssets(backend.storage, c.assetsDir);
    expect(again).toEqual({ ...first, uploaded: 0 });
  });

  it("refuses a name that would reach outside the archived assets", async () => {
    await backend.storage.put("ads/1/secret.webp", Buffer.from("a seller's photo"));
    const b = release(root, "b2", B);
    const processB = await startProcess(b.webRoot, backend.storage);
    const { release: id } = await archiveWebAssets(backend.storage, b.assetsDir);
    try {
      for (const url of [
        "/assets/..%2F..%2Fads%2F1%2Fsecret.webp",
        "/assets/%2E%2E%2F%2E%2E%2Fads%2F1%2Fsecret.webp",
        `/assets/..%2Freleases%2F${id}.json`,
        "/assets/.%2Fad-page-AAAA2222.js",
        "/assets/..%5C..%5Cads%5C1%5Csecret.webp",
      ]) {
        const reply = await processB.inject({ method: "GET", url });
        expect(reply.statusCode, url).toBe(404);
        expect(reply.body).not.toContain("seller");
        expect(reply.body).not.toContain(id);
      }
    } finally {
      await processB.close();
    }
    // Not even asked of the storage.
    const asked: string[] = [];
    const spy = { get: async (key: string) => (asked.push(key), null) };
    for (const name of ["../releases/x.json", "..", ".hidden", "a/b.js", "a\\b.js", ""]) {
      expect(await readArchivedAsset(spy, name)).toBeNull();
    }
    expect(asked).toEqual([]);
  });

  it("prunes only the files of releases not started within the retention, and nothing outside the archive", async () => {
    const now = new Date();
    const old = release(root, "old", {
      "old-only-OOOO0000.js": "old",
      "shared-vendor-SSSS0000.js": "export const vendor = 1;",
    });
    const recent = release(root, "recent", {
      "recent-RRRR0000.js": "recent",
      "shared-vendor-SSSS0000.js": "export const vendor = 1;",
    });
    await archiveWebAssets(backend.storage, old.assetsDir, { now: new Date(now.getTime() - 8 * DAY) });
    await archiveWebAssets(backend.storage, recent.assetsDir, { now: new Date(now.getTime() - 6 * DAY) });
    // A's and B's releases (and C's) started just now; "old" 8 days ago, "recent" 6.
    const result = await pruneWebAssets(backend.storage, { now, retentionMs: 7 * DAY });
    expect(result).toMatchObject({ releasesRemoved: 1, filesRemoved: 1 });

    expect(await readArchivedAsset(backend.storage, "old-only-OOOO0000.js")).toBeNull();
    expect((await readArchivedAsset(backend.storage, "shared-vendor-SSSS0000.js"))?.toString()).toBe(
      "export const vendor = 1;",
    );
    expect((await readArchivedAsset(backend.storage, "recent-RRRR0000.js"))?.toString()).toBe("recent");
    expect((await readArchivedAsset(backend.storage, "ad-page-AAAA2222.js"))?.toString()).toBe(
      A["ad-page-AAAA2222.js"],
    );
    expect(await backend.storage.get("ads/1/secret.webp")).not.toBeNull();

    // A week later nobody started "recent" again: it goes too, the files A, B and C still name stay.
    const later = await pruneWebAssets(backend.storage, {
      now: new Date(now.getTime() + 1.5 * DAY),
      retentionMs: 7 * DAY,
    });
    expect(later).toMatchObject({ releasesRemoved: 1, filesRemoved: 1 });
    expect(await readArchivedAsset(backend.storage, "recent-RRRR0000.js")).toBeNull();
    expect(await readArchivedAsset(backend.storage, "shared-vendor-SSSS0000.js")).not.toBeNull();

    // Restarting the expired release archives its files again.
    expect(await archiveWebAssets(backend.storage, old.assetsDir)).toMatchObject({ uploaded: 1 });
    expect(await readArchivedAsset(backend.storage, "old-only-OOOO0000.js")).not.toBeNull();
  });
});

describe("the prune on the job queue", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let root: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    root = await mkdtemp(path.join(tmpdir(), "waterside-releases-"));
  });
  afterAll(async () => {
    await ctx?.close();
    await rm(root, { recursive: true, force: true });
  });

  it("runs as the app schedules it and removes an expired release", async () => {
    const expired = release(root, "expired", { "expired-EEEE0000.js": "gone soon" });
    await archiveWebAssets(ctx.storage, expired.assetsDir, { now: new Date(Date.now() - 30 * DAY) });
    expect(await readArchivedAsset(ctx.storage, "expired-EEEE0000.js")).not.toBeNull();
    await ctx.jobs.send("web.prune-assets", {});
    await expect
      .poll(() => readArchivedAsset(ctx.storage, "expired-EEEE0000.js"), { timeout: 15_000, interval: 200 })
      .toBeNull();
  });
});
