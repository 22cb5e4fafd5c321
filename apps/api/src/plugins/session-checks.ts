import { LRUCache } from "lru-cache";
import type { Database } from "../db/database.ts";
import { SESSIONS_CHANGED_CHANNEL, type SessionsChange, type TokenService } from "../modules/auth/tokens.ts";

/**
 * How long a process answers a token's check from memory at most (decision 098). Announced changes drop a check at
 * once; this bounds what was written without an announcement (by hand in psql) or missed by a listener that lost
 * its connection without noticing.
 */
export const SESSION_CHECK_TTL_MS = 5_000;
/**
 * How long, after this process announced a change, the checks it concerns are read from the database on every
 * request rather than cached: the announcing write may not have committed yet, and a check read before its commit
 * must not be kept (its announcement drops any kept after the commit anyway).
 */
const FENCE_MS = SESSION_CHECK_TTL_MS;

/** A check that passed: what it answers, and the changes that end it. */
interface Check<Value> {
  value: Promise<Value>;
  changes: SessionsChange[];
  /** The token's own expiry (ms, on the token service's clock): the check never outlives it. */
  expiresAt: number;
}

/**
 * Remembers, per process, which access tokens passed the session check (decision 098), so a signed-in reader's
 * request costs neither the token's signature check nor the query for its session, user or admin. A check is dropped:
 * in this process the moment a sign-out, revocation, ban, deletion, suspension or change of type is announced, before
 * its write; in the others when PostgreSQL delivers the announcement at the commit (milliseconds); everywhere after
 * SESSION_CHECK_TTL_MS at most, or at the token's expiry. Only checks that passed are kept: a refused token is checked
 * again each time, and a flood of forged tokens evicts nothing but itself.
 */
export function createSessionChecks<Value>(
  db: Database,
  tokens: Pick<TokenService, "onLocalChange" | "now">,
  {
    passes,
    max = 20_000,
    ttlMs = SESSION_CHECK_TTL_MS,
  }: { passes: (value: Value) => boolean; max?: number; ttlMs?: number },
) {
  /** Which cached tokens each change ends, kept in step with the cache by its dispose hook. */
  const byChange = new Map<SessionsChange, Set<string>>();
  const cache = new LRUCache<string, Check<Value>>({
    max,
    ttl: ttlMs,
    dispose: (check, token) => {
      for (const change of check.changes) {
        const tokensOf = byChange.get(change);
        tokensOf?.delete(token);
        if (tokensOf?.size === 0) byChange.delete(change);
      }
    },
  });
  const fenced = new Map<SessionsChange, number>();
  let trusted = true;

  const drop = (change: SessionsChange) => {
    for (const token of [...(byChange.get(change) ?? [])]) cache.delete(token);
  };
  tokens.onLocalChange((change) => {
    // Most fences are never looked at again (a device's old session): past ones go once there are many.
    if (fenced.size >= 1_000) {
      for (const [ended, until] of fenced) if (until <= Date.now()) fenced.delete(ended);
    }
    fenced.set(change, Date.now() + FENCE_MS);
    drop(change);
  });
  // postgres.js listens again after a lost connection and calls the second callback: announcements may have been
  // missed meanwhile, so everything goes. While the listener cannot be set up, every check is read.
  db.$client
    .listen(
      SESSIONS_CHANGED_CHANNEL,
      (payload) => drop(payload as SessionsChange),
      () => cache.clear(),
    )
    .catch(() => {
      trusted = false;
      cache.clear();
    });

  const isFenced = (changes: SessionsChange[]) =>
    changes.some((change) => {
      const until = fenced.get(change);
      if (until === undefined) return false;
      if (until > Date.now()) return true;
      fenced.delete(change);
      return false;
    });

  return {
    /** The passed check cached for `token`, if any and still standing. */
    get(token: string): Promise<Value> | undefined {
      const check = cache.get(token);
      if (!check) return undefined;
      // A fence drops what it concerns and keeps nothing new: only the token's expiry is left to check.
      if (check.expiresAt <= tokens.now().getTime()) {
        cache.delete(token);
        return undefined;
      }
      return check.value;
    },

    /**
     * Keeps `value`, the check of `token` being made (concurrent requests with the token share it), unless a change it
     * concerns was just announced here; one that does not pass, or fails, is forgotten when it settles. `changes`
     * names what ends it.
     */
    keep(token: string, value: Promise<Value>, changes: SessionsChange[], expiresAt: number) {
      if (!trusted || isFenced(changes)) return;
      const check: Check<Value> = { value, changes, expiresAt };
      cache.set(token, check);
      for (const change of changes) {
        const tokensOf = byChange.get(change) ?? new Set();
        tokensOf.add(token);
        byChange.set(change, tokensOf);
      }
      const forget = () => {
        if (cache.peek(token) === check) cache.delete(token);
      };
      value.then((settled) => {
        if (!passes(settled)) forget();
      }, forget);
    },
  };
}
