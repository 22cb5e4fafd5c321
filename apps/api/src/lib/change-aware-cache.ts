import { LRUCache } from "lru-cache";
import type { Database } from "../db/database.ts";

/** The channel triggers notify after any write that changes what public pages show (migrations 0004, 0019). */
const ADS_CHANGED = "ads_changed";

/**
 * What one committed statement changed (decision 056): the ads it wrote, with their subcategories, categories and
 * sellers before and after, or "all" when it was a catalogue or seller write, touched many ads, or when changes may
 * have been missed.
 */
export type AdsChange =
  | "all"
  | {
      ads: readonly number[];
      subcategories: readonly number[];
      categories: readonly number[];
      users: readonly number[];
    };

/** Reads a notification's payload: "a:1,2;s:3;c:1;u:7" (migration 0019); anything else means everything. */
export function parseAdsChange(payload: string): AdsChange {
  const parts = payload.split(";");
  if (parts.length !== 4 || !parts.every((part, index) => part.startsWith(`${"ascu"[index]}:`))) return "all";
  const [ads, subcategories, categories, users] = parts.map((part) =>
    part.length > 2 ? part.slice(2).split(",").map(Number) : [],
  );
  return { ads: ads!, subcategories: subcategories!, categories: categories!, users: users! };
}

/**
 * Which ads a cached list can hold: those of one subcategory, one category or one seller, or any ad. A change
 * concerns the list when it wrote an ad of that scope before or after the write.
 */
export interface ListScope {
  subcategoryId?: number;
  categoryId?: number;
  userId?: number;
}

export function changeConcerns(change: AdsChange, scope: ListScope): boolean {
  if (change === "all") return true;
  if (scope.subcategoryId !== undefined) return change.subcategories.includes(scope.subcategoryId);
  if (scope.categoryId !== undefined) return change.categories.includes(scope.categoryId);
  if (scope.userId !== undefined) return change.users.includes(scope.userId);
  return true;
}

/**
 * Calls `onChange` for every change announced. postgres.js re-listens after a lost connection and calls `onlisten`
 * again: changes may have been missed meanwhile, so that is "all" too. Returns whether the cache may be trusted:
 * while the listener cannot be set up (the database is gone, or closing), callers read through instead.
 */
function watchChanges(db: Database, onChange: (change: AdsChange) => void) {
  let trusted = true;
  db.$client
    .listen(
      ADS_CHANGED,
      (payload) => onChange(parseAdsChange(payload)),
      () => onChange("all"),
    )
    .catch(() => {
      trusted = false;
      onChange("all");
    });
  return () => trusted;
}

/**
 * A memo for public reads: entries live `ttl` ms at most and are dropped the moment PostgreSQL announces a change
 * that concerns them, from any process or tool: with `scope`, a change to other subcategories, categories or
 * sellers keeps the entry; without, any change drops everything. The promise is what is cached, so concurrent
 * calls for one key share a single load; a failed load is forgotten at once (decisions 013 and 056).
 */
export function createChangeAwareCache<Value, Context>(
  db: Database,
  {
    max,
    ttl,
    load,
    scope,
  }: { max: number; ttl: number; load: (context: Context) => Promise<Value>; scope?: (context: Context) => ListScope },
) {
  const cache = new LRUCache<string, { value: Promise<Value>; scope: ListScope | undefined }>({ max, ttl });
  const trusted = watchChanges(db, (change) => {
    if (change === "all" || !scope) return cache.clear();
    const concerned: string[] = [];
    cache.forEach((entry, key) => {
      if (changeConcerns(change, entry.scope!)) concerned.push(key);
    });
    for (const key of concerned) cache.delete(key);
  });
  const memo = (key: string, context: Context): Promise<Value> => {
    if (!trusted()) return load(context);
    let entry = cache.get(key);
    if (!entry) {
      entry = { value: load(context), scope: scope?.(context) };
      cache.set(key, entry);
      const loaded = entry;
      loaded.value.catch(() => {
        if (cache.get(key) === loaded) cache.delete(key);
      });
    }
    return entry.value;
  };
  /** What is cached under `key`, without loading it when it is not. */
  memo.peek = (key: string): Promise<Value> | undefined => (trusted() ? cache.get(key)?.value : undefined);
  /** Caches under another key an entry the caller has loaded through `memo` (an alias, dropped like it). */
  memo.alias = (key: string, value: Promise<Value>, context: Context) => {
    if (trusted()) cache.set(key, { value, scope: scope?.(context) });
  };
  return memo;
}

/**
 * The same memo for records read by key in batches (ad list items by ad id): keys already cached, or being
 * loaded, are not read again, and the others are read with one `loadMany` call. The keys are ad ids: a change drops
 * the ads it wrote, or everything when it was not a write to ads.
 */
export function createChangeAwareBatchCache<Value>(
  db: Database,
  { max, ttl, loadMany }: { max: number; ttl: number; loadMany: (keys: number[]) => Promise<Map<number, Value>> },
) {
  const cache = new LRUCache<number, Promise<Value | undefined>>({ max, ttl });
  const trusted = watchChanges(db, (change) => {
    if (change === "all") return cache.clear();
    for (const id of change.ads) cache.delete(id);
  });
  return async (keys: number[]): Promise<Value[]> => {
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
        one.catch(() => {
          if (cache.get(key) === one) cache.delete(key);
        });
        cache.set(key, one);
        pending[index] = one;
      }
    }
    // A key the batch did not find (an ad deleted meanwhile) is left out.
    return (await Promise.all(pending)).filter((value) => value !== undefined);
  };
}
