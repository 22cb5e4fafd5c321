import { randomBytes } from "node:crypto";
import { brotliCompressSync, brotliDecompressSync, constants } from "node:zlib";
import type { Redis } from "ioredis";

/**
 * The start-ups of public pages sent to browsers that have not run the app (decision 111): React Router's page data
 * and the hydration module, taken out of the page so that its first paint waits for fewer bytes, and kept here until
 * the reader's first tap fetches them (GET /page-boot/:id). Most are never asked for (a reader who only reads, a
 * crawler), so they are kept compressed, for a while, in bounded space: a start-up no longer kept is rendered again.
 */
export interface PageBoots {
  /** Keeps a page's start-up (JSON) and answers its id. */
  keep(boot: string): Promise<string>;
  /** The start-up kept under `id`, or null when it has expired, been evicted, or never was. */
  read(id: string): Promise<string | null>;
}

/** A reader who taps within this long after the page arrived gets the data the page was rendered with. */
export const PAGE_BOOT_SECONDS = 20 * 60;

/** What one process keeps in memory when there is no Redis: thousands of pages, compressed (10–30 KB → 3–6 KB). */
const MEMORY_BYTES = 32 * 1024 * 1024;

/** 16 URL-safe characters (96 random bits): a page's start-up can be read only by the page it was sent with. */
export const PAGE_BOOT_ID = /^[A-Za-z0-9_-]{16}$/;
const newId = () => randomBytes(12).toString("base64url");

const compress = (boot: string) => brotliCompressSync(boot, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
const decompress = (kept: Buffer) => brotliDecompressSync(kept).toString("utf8");

/**
 * Every process's start-ups in Redis when it is configured (a page's tap may reach another process than its render),
 * else this process's in memory, the oldest given up first past `memoryBytes`.
 */
export function createPageBoots(
  redis: Redis | null,
  { now = Date.now, memoryBytes = MEMORY_BYTES }: { now?: () => number; memoryBytes?: number } = {},
): PageBoots {
  if (redis) {
    const key = (id: string) => `waterside:page-boot:${id}`;
    return {
      async keep(boot) {
        const id = newId();
        await redis.set(key(id), compress(boot), "EX", PAGE_BOOT_SECONDS);
        return id;
      },
      async read(id) {
        const kept = await redis.getBuffer(key(id));
        return kept && decompress(kept);
      },
    };
  }
  // Insertion order is expiry order (one lifetime for all), so the oldest are at the front.
  const kept = new Map<string, { body: Buffer; until: number }>();
  let bytes = 0;
  const drop = (id: string, body: Buffer) => {
    kept.delete(id);
    bytes -= body.length;
  };
  return {
    async keep(boot) {
      const id = newId();
      const body = compress(boot);
      kept.set(id, { body, until: now() + PAGE_BOOT_SECONDS * 1000 });
      bytes += body.length;
      for (const [oldId, old] of kept) {
        if (bytes <= memoryBytes && old.until > now()) break;
        drop(oldId, old.body);
      }
      return id;
    },
    async read(id) {
      const entry = kept.get(id);
      if (!entry) return null;
      if (entry.until <= now()) {
        drop(id, entry.body);
        return null;
      }
      return decompress(entry.body);
    },
  };
}
