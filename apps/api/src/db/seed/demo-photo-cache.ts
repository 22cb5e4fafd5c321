import { createHash, randomUUID } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { mkdir, readFile, readdir, rename, rm, stat, utimes, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { AD_IMAGE_VARIANTS } from "@waterside/shared/images";
import type { ImageVariants } from "../../lib/images.ts";

/**
 * The demo's encoded photos, kept between starts outside the data folder: drawing and encoding 421 photos in six
 * sizes is 1–2 minutes of CPU on a 2-core machine, and every journeys run and every `rm -rf data` starts again from an
 * empty database. The first start on a machine draws them all and fills the cache; later ones read the same bytes.
 *
 * A cached photo is only ever the exact output of drawing and encoding it: entries live under a hash of everything
 * that decides those bytes (the drawing, encoding and hashing code, sharp's and libvips' versions, the 3D renders'
 * package and the encoder's effort), so a change to any of them starts a new cache rather than serving stale photos.
 */
export interface DemoPhotoCache {
  get(photo: string): Promise<CachedDemoPhoto | null>;
  put(photo: string, value: CachedDemoPhoto): Promise<void>;
}

export interface CachedDemoPhoto {
  variants: ImageVariants;
  phash: bigint | null;
}

/** The per-user cache folder (XDG's ~/.cache): it outlives a checkout, so a clean clone on the same machine reuses it. */
export function defaultDemoPhotoCacheDir(): string {
  return path.join(os.homedir(), ".cache", "waterside", "demo-photos");
}

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

/**
 * The files whose code decides a demo photo's bytes and hash: those sources when run from them (tsx); in the bundled
 * server (apps/api/dist/server.js, decision 094) they are not beside this module, and the bundle, which holds them, is
 * hashed instead. Found when first needed: an image without the sources must still import this module.
 */
function codeFiles(): string[] {
  const sources = [
    path.join(here, "demo-photos.ts"),
    path.join(here, "placeholder-images.ts"),
    path.join(here, "../../lib/images.ts"),
    path.join(here, "../../lib/photo-hash.ts"),
  ];
  if (!existsSync(sources[0]!)) return [fileURLToPath(import.meta.url)];
  return [...sources, require.resolve("@waterside/shared/images")];
}
const PACKAGES = ["@lobehub/fluent-emoji-3d", "sharp-phash"];

/** What every cached photo depends on beyond its own description: a new value means a new cache. */
export function demoPhotoInputs(effort: number): string {
  const hash = createHash("sha256");
  hash.update(`effort ${effort}\n${JSON.stringify(sharp.versions)}\n`);
  for (const name of PACKAGES) hash.update(`${name} ${require(`${name}/package.json`).version}\n`);
  for (const file of codeFiles()) hash.update(readFileSync(file));
  return hash.digest("hex").slice(0, 24);
}

/** Caches older than this, left by other versions of the code, are removed when a new one is started. */
const STALE_AFTER_MS = 7 * 86_400_000;

/**
 * The cache in `dir` for photos encoded at `effort`, or null when it cannot be used (no home folder, a read-only
 * disk): the seed then draws every photo, as without a cache. Failures to read or write an entry are misses.
 */
export async function openDemoPhotoCache(dir: string, effort: number): Promise<DemoPhotoCache | null> {
  let root: string;
  try {
    root = path.join(dir, demoPhotoInputs(effort));
    await mkdir(root, { recursive: true });
    const now = new Date();
    // Marks this cache as in use, so that another checkout's pruning leaves it alone.
    await utimes(root, now, now);
    await pruneStale(dir, root);
  } catch {
    return null;
  }
  const entry = (photo: string) => path.join(root, createHash("sha256").update(photo).digest("hex").slice(0, 32));
  return {
    async get(photo) {
      const folder = entry(photo);
      try {
        const [phash, ...bodies] = await Promise.all([
          readFile(path.join(folder, "phash"), "utf8"),
          ...AD_IMAGE_VARIANTS.map((variant) => readFile(path.join(folder, `${variant}.webp`))),
        ]);
        const variants = Object.fromEntries(AD_IMAGE_VARIANTS.map((variant, index) => [variant, bodies[index]!]));
        return { variants: variants as ImageVariants, phash: phash === "null" ? null : BigInt(phash!) };
      } catch {
        return null;
      }
    },
    async put(photo, { variants, phash }) {
      // Written beside the entry and renamed into place: a start killed half way leaves no half entry behind, and
      // two starts writing the same photo at once both end with a whole one.
      const folder = entry(photo);
      const temporary = path.join(root, `.tmp-${randomUUID()}`);
      try {
        await mkdir(temporary);
        await Promise.all([
          ...AD_IMAGE_VARIANTS.map((variant) => writeFile(path.join(temporary, `${variant}.webp`), variants[variant])),
          writeFile(path.join(temporary, "phash"), phash === null ? "null" : phash.toString()),
        ]);
        await rename(temporary, folder);
      } catch {
        await rm(temporary, { recursive: true, force: true }).catch(() => undefined);
      }
    },
  };
}

async function pruneStale(dir: string, current: string) {
  const now = Date.now();
  for (const name of await readdir(dir)) {
    const folder = path.join(dir, name);
    if (folder === current) continue;
    const stats = await stat(folder).catch(() => null);
    if (stats?.isDirectory() && now - stats.mtimeMs > STALE_AFTER_MS) {
      await rm(folder, { recursive: true, force: true }).catch(() => undefined);
    }
  }
}
