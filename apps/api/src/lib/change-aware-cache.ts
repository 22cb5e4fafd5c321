import { LRUCache } from "lru-cache";
import type { Database } from "../db/database.ts";

/** The channel triggers notify after any write that changes what public pages show (migration 0004). */
const ADS_CHANGED = "ads_changed";

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
  void db.$client.listen(ADS_CHANGED, () => cache.clear());
  return (key: string, context: Context): Promise<Value> => {
    let pending = cache.get(key);
    if (!pending) {
      pending = load(context);
      cache.set(key, pending);
      pending.catch(() => cache.delete(key));
    }
    return pending;
  };
}
