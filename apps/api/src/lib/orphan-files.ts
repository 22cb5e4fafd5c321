import type { Storage } from "./storage.ts";

/**
 * A feature that keeps files under a prefix and knows which of them its rows still name. Files are written before
 * the transaction that names them and replaced files are removed after it commits, so a crash between the two
 * leaves files no row names: the sweep removes them (docs/decisions/041-orphan-files.md).
 */
export interface FileOwner {
  prefix: string;
  /** Of these files (storage keys with their extension), those a row still names. */
  referenced(files: string[]): Promise<Set<string>>;
}

export interface SweepResult {
  /** Files older than the grace period that were checked. */
  checked: number;
  removed: string[];
}

const BATCH = 500;

/**
 * Removes every file under the owners' prefixes that no row names and that is older than `olderThan`: younger files
 * may belong to a write still in progress.
 */
export async function sweepOrphanFiles(
  storage: Pick<Storage, "list" | "remove">,
  owners: readonly FileOwner[],
  olderThan: Date,
): Promise<SweepResult> {
  const result: SweepResult = { checked: 0, removed: [] };
  for (const owner of owners) {
    let batch: string[] = [];
    const flush = async () => {
      const named = await owner.referenced(batch);
      const orphans = batch.filter((file) => !named.has(file));
      await Promise.all(orphans.map((file) => storage.remove(file)));
      result.checked += batch.length;
      result.removed.push(...orphans);
      batch = [];
    };
    for await (const { key, lastModified } of storage.list(owner.prefix)) {
      if (lastModified >= olderThan) continue;
      batch.push(key);
      if (batch.length >= BATCH) await flush();
    }
    if (batch.length) await flush();
  }
  return result;
}
