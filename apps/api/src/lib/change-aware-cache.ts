import { LRUCache } from "lru-cache";
import type { Database } from "../db/database.ts";

/** The channel triggers notify after any write that changes what public pages show (migration 0004). */
const ADS_CHANGED = "ads_changed";

/**
 * Clears on every change announced. postgres.js re-listens after a lost connection and calls `onlisten` again:
 * changes may have been missed meanwhile, so that clears too. Returns whether the cache may be trusted: while
 * the listener cannot be set up (the database is gone, or closing), callers read through instead.
 */
function watchChanges(db: Database, clear: () => void) {
  let trusted = true;
  db.$client.listen(ADS_CHANGED, clear, clear).catch(() => {
    trusted = false;
    clear();
  });
  return () => trusted;
}

/**
 * A memo for public reads: entries live `ttl` ms at most and are all dropped the moment PostgreSQL announces
 * a change, from any process or tool. The promise is what is cached, so concurrent calls for one key share a
 * single load; a failed load is forgotten at once (decision 013).
 */
export function createChangeAwareCache<Value, Context>(
  db: Database,
  { max, ttl, load }: { max: number; ttl: number; load: (context: Context) => Promise<Value> },
) {
  const cache = new LRUCache<string, Promise<Value>>({ max, ttl });
  const trusted = watchChanges(db, () => cache.clear());
  return (key: string, context: Context): Promise<Value> => {
    if (!trusted()) return load(context);
    let pending = cache.get(key);
    if (!pending) {
      pending = load(context);
      cache.set(key, pending);
      pending.catch(() => cache.delete(key));
    }
    return pending;
  };
}

/**
 * The same memo for records read by key in batches (ad list items by ad id): keys already cached, or being
 * loaded, are not read again, and the others are read with one `loadMany` call.
 */
export function createChangeAwareBatchCache<Key, Value>(
  db: Database,
  { max, ttl, loadMany }: { max: number; ttl: number; loadMany: (keys: Key[]) => Promise<Map<Key, Value>> },
) {
  const cache = new LRUCache<Key & {}, Promise<Value | undefined>>({ max, ttl });
  const trusted = watchChanges(db, () => cache.clear());
  return async (keys: Array<Key & {}>): Promise<Value[]> => {
    if (!trusted()) {
      const found = await loadMany(keys);
      return keys.map((key) => found.get(key)).filter((value) => value !== undefined);
    }
    const pending = keys.map((key) => cache.get(key));
    const missing = keys.filter((_, index) => pending[index] === undefined);
    if (missing.length > 0) {
      const batch = loadMany(missing);
      for (const [index, key] of keys.entries()) {
        if (pending[index] !== undefined) continue;
        const one = batch.then((found) => found.get(key));
        one.catch(() => cache.delete(key));
        cache.set(key, one);
        pending[index] = one;
      }
    }
    // A key the batch did not find (an ad deleted meanwhile) is left out.
    return (await Promise.all(pending)).filter((value) => value !== undefined);
  };
}
