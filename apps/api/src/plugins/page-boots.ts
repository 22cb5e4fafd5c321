import { createHash } from "node:crypto";
import { brotliCompressSync, brotliDecompressSync, constants } from "node:zlib";
import type { Redis } from "ioredis";

/**
 * The start-ups of public pages sent to browsers that have not run the app (decision 111): React Router's page data
 * and the hydration module, taken out of the page so that its first paint waits for fewer bytes, and kept here until
 * the reader's first tap fetches them (GET /page-boot/:id). Most are never asked for (a reader who only reads), so
 * they are kept compressed, for a while, in bounded space, each once however many readers got the same page: a
 * start-up no longer kept is rendered again.
 */
export interface PageBoots {
  /** Keeps a page's start-up (JSON) and answers its id; rejects when it cannot be kept at once. */
  keep(boot: string): Promise<string>;
  /** The start-up kept under `id`, or null when it has expired, been given up, never was, or cannot be read now. */
  read(id: string): Promise<string | null>;
}

/** A reader who taps within this long after the page arrived gets the data the page was rendered with. */
export const PAGE_BOOT_SECONDS = 20 * 60;

/** What one process keeps in memory when there is no Redis: thousands of pages, compressed (10–30 KB → 3–6 KB). */
const MEMORY_BYTES = 32 * 1024 * 1024;

/** How long a page waits for Redis to keep its start-up before it carries the start-up itself. */
const REDIS_WAIT_MS = 250;

/**
 * 16 URL-safe characters of the start-up's SHA-256: the same page rendered with the same data is kept once. It holds
 * only what the page itself shows (pages are rendered for nobody in particular), so it is named by its content.
 */
export const PAGE_BOOT_ID = /^[A-Za-z0-9_-]{16}$/;
const idOf = (boot: string) => createHash("sha256").update(boot).digest("base64url").slice(0, 16);

// A copy: brotli's result is a view of a 16 KB buffer, which memory would hold whole for each start-up.
const compress = (boot: string) =>
  Buffer.from(brotliCompressSync(boot, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }));
const decompress = (kept: Buffer) => brotliDecompressSync(kept).toString("utf8");

const withinWait = <T>(operation: Promise<T>) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Redis did not answer within ${REDIS_WAIT_MS} ms`)), REDIS_WAIT_MS);
    operation.then(resolve, reject).finally(() => clearTimeout(timer));
  });

/**
 * Every process's start-ups in Redis when it is configured (a page's tap may reach another process than its render),
 * never waiting on it for long; else this process's in memory, the oldest given up first past `memoryBytes`.
 */
export function createPageBoots(
  redis: Redis | null,
  { now = Date.now, memoryBytes = MEMORY_BYTES }: { now?: () => number; memoryBytes?: number } = {},
): PageBoots {
  if (redis) {
    const key = (id: string) => `waterside:page-boot:${id}`;
    return {
      async keep(boot) {
        const id = idOf(boot);
        await withinWait(redis.set(key(id), compress(boot), "EX", PAGE_BOOT_SECONDS));
        return id;
      },
      async read(id) {
        const kept = await withinWait(redis.getBuffer(key(id))).catch(() => null);
        return kept && decompress(kept);
      },
    };
  }
  // Kept in the order they were last kept; one lifetime for all, so the oldest are at the front.
  const kept = new Map<string, { body: Buffer; until: number }>();
  let bytes = 0;
  const drop = (id: string) => {
    const entry = kept.get(id);
    if (!entry) return;
    kept.delete(id);
    bytes -= entry.body.length;
  };
  return {
    async keep(boot) {
      const id = idOf(boot);
      const body = kept.get(id)?.body ?? compress(boot);
      drop(id);
      kept.set(id, { body, until: now() + PAGE_BOOT_SECONDS * 1000 });
      bytes += body.length;
      for (const [oldId, old] of kept) {
        if (bytes <= memoryBytes && old.until > now()) break;
        drop(oldId);
      }
      return id;
    },
    async read(id) {
      const entry = kept.get(id);
      if (!entry) return null;
      if (entry.until <= now()) {
        drop(id);
        return null;
      }
      return decompress(entry.body);
    },
  };
}
