import { and, asc, eq, gt, isNull } from "drizzle-orm";
import { adImageFile, completeAdImage } from "../../lib/images.ts";
import { photoHash } from "../../lib/photo-hash.ts";
import type { Storage } from "../../lib/storage.ts";
import type { Database } from "../database.ts";
import { adImages } from "../schema/ads.ts";

export interface BackfillOptions {
  /** Start after this `ad_images.id`: a run that stopped resumes from the last id it reported. */
  after?: number;
  /** Rows read at a time; the sizes of one batch's pictures are encoded `concurrency` at a time. */
  batchSize?: number;
  concurrency?: number;
  log?: (line: string) => void;
}

export interface BackfillResult {
  /** Distinct pictures looked at. */
  checked: number;
  /** Pictures that lacked a size and got it. */
  completed: number;
  /** Pictures stored before issue 28 that got their perceptual hash (decision 078). */
  hashed: number;
  /** Keys whose large size is not stored, so nothing could be cut from them (reported, skipped). */
  withoutLarge: string[];
  /** Every row up to this id is done. */
  lastId: number;
}

/** A run that failed part-way: every row up to `lastId` is done, so a new run may start after it. */
export class BackfillStoppedError extends Error {
  constructor(
    readonly lastId: number,
    cause: unknown,
  ) {
    super(`Stopped after image ${lastId}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

/**
 * Gives every stored ad picture the sizes it lacks, and the perceptual hash it lacks (issue 28) (decision 006: `card_small` came after the first photos were
 * posted; decision 062: so did the gallery's `gallery` and `gallery_large`). Rows are read in id order and each picture's missing sizes are cut from its large one, so the run is
 * idempotent (a picture with every size is left alone) and resumable (`after`). It only adds files: the server may
 * keep running. A picture deleted while it runs may leave a new size behind, which the orphan sweep removes.
 */
export async function backfillAdImageSizes(
  db: Database,
  storage: Pick<Storage, "get" | "put">,
  { after = 0, batchSize = 500, concurrency = 4, log = () => {} }: BackfillOptions = {},
): Promise<BackfillResult> {
  const result: BackfillResult = { checked: 0, completed: 0, hashed: 0, withoutLarge: [], lastId: after };
  for (;;) {
    const rows = await db
      .select({ id: adImages.id, path: adImages.path, phash: adImages.phash })
      .from(adImages)
      .where(gt(adImages.id, result.lastId))
      .orderBy(asc(adImages.id))
      .limit(batchSize);
    if (rows.length === 0) break;
    // The bulk benchmark data shares a few pictures between many rows: each is looked at once a batch.
    const keys = [...new Set(rows.map((row) => row.path))];
    const unhashed = new Set(rows.filter((row) => row.phash === null).map((row) => row.path));
    let next = 0;
    let failed = false;
    const worker = async () => {
      while (next < keys.length && !failed) {
        const key = keys[next++]!;
        const written = await completeAdImage(storage, key).catch((error: unknown) => {
          failed = true;
          throw error;
        });
        result.checked += 1;
        if (written === null) {
          result.withoutLarge.push(key);
          log(`  ${key}: no large size stored, skipped`);
        } else if (written.length > 0) {
          result.completed += 1;
        }
        if (written !== null && unhashed.has(key)) await hash(key);
      }
    };
    // Photos posted before issue 28 get the hash posting now stores, from their large size (the closest to the
    // upload); every row naming the picture gets it. A featureless picture has none and is looked at again next run.
    const hash = async (key: string) => {
      const large = await storage.get(adImageFile(key, "large"));
      const phash = large && (await photoHash(large));
      if (!phash) return;
      await db
        .update(adImages)
        .set({ phash })
        .where(and(eq(adImages.path, key), isNull(adImages.phash)));
      result.hashed += 1;
    };
    // Every worker settles before a failure is reported, so nothing is still writing once the caller hears of it.
    const settled = await Promise.allSettled(Array.from({ length: Math.min(concurrency, keys.length) }, worker));
    const failure = settled.find((outcome) => outcome.status === "rejected");
    if (failure) throw new BackfillStoppedError(result.lastId, failure.reason);
    result.lastId = rows.at(-1)!.id;
    const hashed = result.hashed ? `, ${result.hashed} hashed` : "";
    log(`  up to image ${result.lastId}: ${result.checked} checked, ${result.completed} completed${hashed}`);
  }
  return result;
}
