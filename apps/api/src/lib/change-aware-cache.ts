import { LRUCache } from "lru-cache";
import type { Database } from "../db/database.ts";

/** The channel triggers notify after any write that changes what public pages show (migrations 0004, 0019). */
const ADS_CHANGED = "ads_changed";

/**
 * What one committed statement changed (decision 056): the ads it wrote, with their subcategories, categories,
 * sellers and search words before and after, or "all" when it was a catalogue or seller write, touched many ads,
 * or when changes may have been missed.
 */
export type AdsChange =
  | "all"
  | {
      ads: readonly number[];
      subcategories: readonly number[];
      categories: readonly number[];
      users: readonly number[];
      words: ReadonlySet<string>;
    };

/** Reads a notification's payload: "a:1,2;s:3;c:1;u:7;w:toyota corolla" (migration 0019); else everything. */
export function parseAdsChange(payload: string): AdsChange {
  const parts = payload.split(";");
  // The words come last and may hold semicolons.
  const [ids = "", subcategories = "", categories = "", users = ""] = parts;
  const words = parts.slice(4).join(";");
  const prefixed = [ids, subcategories, categories, users, words].every((part, index) =>
    part.startsWith(`${"ascuw"[index]}:`),
  );
  if (!prefixed) return "all";
  const numbers = (part: string) => (part.length > 2 ? part.slice(2).split(",").map(Number) : []);
  return {
    ads: numbers(ids),
    subcategories: numbers(subcategories),
    categories: numbers(categories),
    users: numbers(users),
    words: new Set(words.length > 2 ? words.slice(2).split(" ") : []),
  };
}

/**
 * Which ads a cached list can hold: those of one subcategory, one category or one seller, those found by one of some
 * search words, all of these together, or any ad. A change concerns the list when an ad it wrote was, before or
 * after the write, within every bound the list has.
 */
export interface ListScope {
  subcategoryId?: number;
  categoryId?: number;
  userId?: number;
  /** The positive words of a word search (PostgreSQL's lexemes): an ad it finds holds one of them. */
  searchWords?: readonly string[];
}

export function changeConcerns(change: AdsChange, scope: ListScope): boolean {
  if (change === "all") return true;
  if (scope.subcategoryId !== undefined && !change.subcategories.includes(scope.subcategoryId)) return false;
  if (scope.categoryId !== undefined && !change.categories.includes(scope.categoryId)) return false;
  if (scope.userId !== undefined && !change.users.includes(scope.userId)) return false;
  if (scope.searchWords !== undefined && !scope.searchWords.some((word) => change.words.has(word))) return false;
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
 * Lookups a cache answered from memory (`hits`) or had to load (`misses`, reads through while untrusted included),
 * counted since it was made; read by the metrics when scraped (issue 32). Plain numbers: the hot path pays an add.
 */
export interface CacheStats {
  hits: number;
  misses: number;
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
    patch,
  }: {
    max: number;
    ttl: number;
    load: (context: Context) => Promise<Value>;
    /** Worked out once the value is loaded; until then, any change drops the entry. */
    scope?: (context: Context, value: Value) => ListScope;
    /**
     * The value after a change that concerns it, worked out from the value before (a few rows read again instead
     * of all): entries are patched rather than dropped, and readers meanwhile wait for the patched value.
     */
    patch?: (value: Value, change: Exclude<AdsChange, "all">, context: Context) => Promise<Value>;
  },
) {
  type Entry = { value: Promise<Value>; scope?: ListScope; context: Context };
  const cache = new LRUCache<string, Entry>({ max, ttl });
  const stats: CacheStats = { hits: 0, misses: 0 };
  const trusted = watchChanges(db, (change) => {
    if (change === "all" || !scope) return cache.clear();
    const concerned: Array<[string, Entry]> = [];
    cache.forEach((entry, key) => {
      if (!entry.scope || changeConcerns(change, entry.scope)) concerned.push([key, entry]);
    });
    for (const [key, entry] of concerned) {
      if (patch && entry.scope) {
        // After the value being patched already, if any: changes apply in the order they were announced.
        track(
          key,
          entry,
          entry.value.then((value) => patch(value, change, entry.context)),
        );
      } else cache.delete(key);
    }
  });
  /** Makes `value` the entry's, working out its bounds when it loads, forgetting it if it fails. */
  const track = (key: string, entry: Entry, value: Promise<Value>) => {
    entry.value = value;
    value.then(
      (loaded) => {
        if (scope && entry.value === value) entry.scope = scope(entry.context, loaded);
      },
      () => {
        if (cache.get(key) === entry) cache.delete(key);
      },
    );
  };
  const store = (key: string, value: Promise<Value>, context: Context) => {
    const entry: Entry = { value, context };
    cache.set(key, entry);
    track(key, entry, value);
    return entry;
  };
  const memo = (key: string, context: Context): Promise<Value> => {
    if (!trusted()) {
      stats.misses++;
      return load(context);
    }
    const cached = cache.get(key);
    if (cached) {
      stats.hits++;
      return cached.value;
    }
    stats.misses++;
    return store(key, load(context), context).value;
  };
  memo.stats = (): Readonly<CacheStats> => stats;
  /** What is cached under `key`, without loading it when it is not. */
  memo.peek = (key: string): Promise<Value> | undefined => {
    const cached = trusted() ? cache.get(key) : undefined;
    // A hit when found; when not, the caller goes on to `memo`, which counts the miss.
    if (cached) stats.hits++;
    return cached?.value;
  };
  /** Caches under another key an entry the caller has loaded through `memo` (an alias, dropped like it). */
  memo.alias = (key: string, value: Promise<Value>, context: Context) => {
    if (trusted()) store(key, value, context);
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
  // Counted per key: a page of 20 items with 3 new ads is 17 hits and 3 misses.
  const stats: CacheStats = { hits: 0, misses: 0 };
  const trusted = watchChanges(db, (change) => {
    if (change === "all") return cache.clear();
    for (const id of change.ads) cache.delete(id);
  });
  const memo = async (keys: number[]): Promise<Value[]> => {
    if (!trusted()) {
      stats.misses += keys.length;
      const found = await loadMany(keys);
      return keys.map((key) => found.get(key)).filter((value) => value !== undefined);
    }
    const pending = keys.map((key) => cache.get(key));
    const missing = keys.filter((_, index) => pending[index] === undefined);
    stats.hits += keys.length - missing.length;
    stats.misses += missing.length;
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
  memo.stats = (): Readonly<CacheStats> => stats;
  return memo;
}
