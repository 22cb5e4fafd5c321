import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { Jobs } from "../lib/jobs.ts";
import type { Storage } from "../lib/storage.ts";

/**
 * Hashed web assets outlive their release (docs/decisions/099-assets-across-releases.md). During a rollout a page
 * rendered by a process of the old release, or a tab opened before it, asks for its lazy chunks by their hashed names;
 * a process of the new release has other names. Every process copies its build's /assets into the shared storage
 * (DATA_DIR/media or the bucket) at start, and answers an /assets file it lacks from there.
 */

/** Everything this feature keeps in the storage is under this prefix, and nothing else is read through it. */
export const ARCHIVE_PREFIX = "web-assets/";
/** One key per hashed file name: a name is its content's hash, so releases that share a chunk share its file. */
const FILES = `${ARCHIVE_PREFIX}assets/`;
/** One manifest per release: the files it names and when a process of it last started. */
const RELEASES = `${ARCHIVE_PREFIX}releases/`;

/**
 * How long a release's assets stay after a process of it last started: a tab left open for a week can still load the
 * page it has not opened yet. Far longer than a rollout; the files are a few MB a release.
 */
export const ASSET_RETENTION_MS = 7 * 24 * 3600 * 1000;

/** Vite's names: letters, digits, `_`, `-` and dots, never a leading dot; no folder. Anything else is refused. */
const ASSET_NAME = /^[\w-][\w.-]*$/;

const CONTENT_TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".webp": "image/webp",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
};

export const assetContentType = (name: string) => CONTENT_TYPES[path.extname(name)] ?? "application/octet-stream";

interface Manifest {
  release: string;
  startedAt: string;
  files: string[];
}

/**
 * Archives the files of `assetsDir` (a build's client/assets) and records that their release started at `now`.
 * The manifest goes first, so a prune running meanwhile sees the release before its files; files already archived
 * (by an earlier process of this release, or by a release that shared them) are not uploaded again.
 */
export async function archiveWebAssets(
  storage: Storage,
  assetsDir: string,
  { now = new Date(), concurrency = 8 }: { now?: Date; concurrency?: number } = {},
) {
  const entries = await readdir(assetsDir, { withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && ASSET_NAME.test(entry.name))
    .map((entry) => entry.name)
    .sort();
  // The names carry the content's hashes, so they identify the build: every process of an image gets the same id.
  const release = createHash("sha256").update(files.join("\n")).digest("hex").slice(0, 16);
  const manifest: Manifest = { release, startedAt: now.toISOString(), files };
  await storage.put(`${RELEASES}${release}.json`, Buffer.from(JSON.stringify(manifest)));

  const archived = new Set<string>();
  for await (const { key } of storage.list(FILES)) archived.add(key.slice(FILES.length));
  const missing = files.filter((name) => !archived.has(name));
  let next = 0;
  const lane = async () => {
    while (next < missing.length) {
      const name = missing[next++]!;
      await storage.put(`${FILES}${name}`, await readFile(path.join(assetsDir, name)));
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, missing.length) }, lane));
  return { release, files: files.length, uploaded: missing.length };
}

/** The archived file `/assets/<name>` of any release still kept, or null; a name that is not a plain file name is never looked up. */
export async function readArchivedAsset(storage: Pick<Storage, "get">, name: string): Promise<Buffer | null> {
  if (!ASSET_NAME.test(name)) return null;
  return storage.get(`${FILES}${name}`);
}

/**
 * Removes the releases whose last start is older than `retentionMs`, and the files that no kept release names. Files
 * are listed before the manifests are read, so a file uploaded meanwhile is not considered, and one listed has its
 * manifest written already (archiveWebAssets writes it first). Expired manifests go last: a prune cut short is redone
 * whole by the next.
 */
export async function pruneWebAssets(
  storage: Storage,
  { now = new Date(), retentionMs = ASSET_RETENTION_MS }: { now?: Date; retentionMs?: number } = {},
) {
  const files: string[] = [];
  for await (const { key } of storage.list(FILES)) files.push(key);

  const kept = new Set<string>();
  const expired: string[] = [];
  for await (const { key } of storage.list(RELEASES)) {
    const body = await storage.get(key);
    // Removed by another prune since the listing.
    if (!body) continue;
    const manifest = JSON.parse(body.toString("utf8")) as Manifest;
    if (now.getTime() - Date.parse(manifest.startedAt) > retentionMs) expired.push(key);
    else for (const name of manifest.files) kept.add(`${FILES}${name}`);
  }

  const removed = files.filter((key) => !kept.has(key));
  for (const key of removed) await storage.remove(key);
  for (const key of expired) await storage.remove(key);
  return { releasesRemoved: expired.length, filesRemoved: removed.length, filesKept: files.length - removed.length };
}

declare module "../lib/jobs.ts" {
  // Declared beside its worker rather than in lib/jobs.ts' JobMap, which other work was changing at the time.
  interface JobMap {
    /** Daily: removes the archived web assets of releases not started for ASSET_RETENTION_MS (decision 099). */
    "web.prune-assets": Record<string, never>;
  }
}

/** Declares the daily prune of archived web assets on the job queue. */
export function scheduleWebAssetPruning(jobs: Jobs, storage: Storage, log: FastifyBaseLogger) {
  jobs.work(
    "web.prune-assets",
    async () => {
      const result = await pruneWebAssets(storage);
      if (result.releasesRemoved || result.filesRemoved) log.info(result, "pruned the web assets of past releases");
    },
    // Two prunes at once are harmless (removing a file twice is a no-op), so no singleton to hold back after a crash.
    { policy: "standard" },
  );
  jobs.schedule("web.prune-assets", "41 4 * * *", {});
}
