import type { Storage } from "./storage.ts";

/** What storing new files needs of the storage; `storeThenWrite` hands its store step one that remembers each put. */
export type FileWriter = Pick<Storage, "put" | "remove">;

/** Removes files; one that is already gone is not an error (`Storage.remove`). */
export async function removeFiles(storage: Pick<Storage, "remove">, files: readonly string[]) {
  await Promise.all(files.map((file) => storage.remove(file)));
}

/**
 * The one way a write stores the files its rows name (pictures of users, companies and ads), all or nothing:
 * 1. `store` writes the files before any row, through `files`, which remembers each one it puts;
 * 2. `write` runs the transaction whose rows name them;
 * 3. if either throws, every file `store` put is removed (once any put still under way has settled), and the error
 *    goes on: no row names them;
 * 4. once `write` has committed, the files `replaced` lists are removed: the write's rows no longer name them.
 * A crash between 1 and 3 leaves files that no row names. Their keys are server-generated under one folder per kind
 * (`ads/<uuid>-large.webp`, `profiles/<uuid>.webp`), so a sweep finds them by prefix and age.
 */
export async function storeThenWrite<Stored, Result>(
  storage: Storage,
  steps: {
    store: (files: FileWriter) => Promise<Stored>;
    write: (stored: Stored) => Promise<Result>;
    replaced?: (stored: Stored) => readonly string[];
  },
): Promise<Result> {
  const puts: Array<{ key: string; settled: Promise<unknown> }> = [];
  const files: FileWriter = {
    put(key, body) {
      const put = storage.put(key, body);
      puts.push({ key, settled: put.catch(() => undefined) });
      return put;
    },
    remove: (key) => storage.remove(key),
  };
  let stored: Stored;
  let result: Result;
  try {
    stored = await steps.store(files);
    result = await steps.write(stored);
  } catch (error) {
    await Promise.all(puts.map((put) => put.settled));
    await removeFiles(
      storage,
      puts.map((put) => put.key),
    );
    throw error;
  }
  await removeFiles(storage, steps.replaced?.(stored) ?? []);
  return result;
}
