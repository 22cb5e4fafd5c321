import { IDEMPOTENCY_MESSAGES } from "@waterside/shared/idempotency-messages";
import { and, eq, isNull, lt, sql } from "drizzle-orm";
import type { Database, Transaction } from "../../db/database.ts";
import { idempotencyKeys } from "../../db/schema/idempotency.ts";
import { HttpError, fieldError } from "../../plugins/errors.ts";

/**
 * Records, in the write's own transaction, that the keyed write is done and what it returned: the write and its
 * record commit together, so a crash between them cannot let a retry write a second time.
 */
export type CompleteKey = (tx: Transaction, result: unknown) => Promise<void>;

/** A write without a key records nothing. */
const nothingToRecord: CompleteKey = async () => {};

/** How long a repeat waits for the first request with its key to finish before it is told to try again. */
const WAIT_FOR_FIRST_MS = 30_000;
const POLL_MS = 100;
/**
 * A claim older than this whose write never completed belonged to a process that died mid-request (nothing
 * committed: the write and its completion are one transaction), so the next request with the key takes it over. A
 * request that was only slow finds its claim taken when it completes: its write rolls back, and it answers with the
 * result of the request that took over.
 */
const ABANDONED_AFTER = "2 minutes";
/** A client retries within hours; a key kept a week is long past any retry, and the user's old keys go then. */
const KEPT_FOR = "7 days";

/** Thrown inside the write's transaction, to roll it back, when its claim is no longer its own. */
class ClaimTakenOver extends Error {}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Writes done once per user and `Idempotency-Key` (issue 31, decision 104): the web queues a post or a save while
 * offline and sends it again until it has an answer, so a request may arrive twice, or twice at once. The first
 * claims the key and writes; a repeat, even a concurrent one, waits for it and gets its result. A failed write
 * (refused, or an error) releases the key, so the same request may be tried again; only success is remembered.
 */
export function createIdempotentWrites(db: Database) {
  const ofKey = (userId: number, key: string) => and(eq(idempotencyKeys.user_id, userId), eq(idempotencyKeys.key, key));

  /**
   * The claim's time (as PostgreSQL writes it, to the microsecond) when this request now holds the key: a new one, or
   * one abandoned by a request that died; null when another holds it or it is done. The time names this claim.
   */
  async function claim(userId: number, key: string, operation: string) {
    const claimed = await db
      .insert(idempotencyKeys)
      .values({ user_id: userId, key, operation })
      .onConflictDoUpdate({
        target: [idempotencyKeys.user_id, idempotencyKeys.key],
        set: { operation, created_at: sql`now()` },
        setWhere: and(
          isNull(idempotencyKeys.completed_at),
          lt(idempotencyKeys.created_at, sql`now() - ${ABANDONED_AFTER}::interval`),
        ),
      })
      .returning({ claimedAt: sql<string>`${idempotencyKeys.created_at}::text` });
    return claimed[0]?.claimedAt ?? null;
  }
  /** This request's claim on the key, not yet completed: a claim taken over since is another's. */
  const ownClaim = (userId: number, key: string, claimedAt: string) =>
    and(
      ofKey(userId, key),
      isNull(idempotencyKeys.completed_at),
      eq(idempotencyKeys.created_at, sql`${claimedAt}::timestamptz`),
    );

  return {
    /**
     * Runs `write` once for this user and key and returns its result with `replayed: false`; a repeat of the key
     * returns the stored result with `replayed: true` without writing. `write` must call `complete` in its
     * transaction with what it returns (JSON). Without a key, `write` simply runs.
     */
    async once<T>(
      { userId, key, operation }: { userId: number; key: string | undefined; operation: string },
      write: (complete: CompleteKey) => Promise<T>,
    ): Promise<{ result: T; replayed: boolean }> {
      if (key === undefined) return { result: await write(nothingToRecord), replayed: false };
      const keyed = key;
      await db
        .delete(idempotencyKeys)
        .where(
          and(eq(idempotencyKeys.user_id, userId), lt(idempotencyKeys.created_at, sql`now() - ${KEPT_FOR}::interval`)),
        );

      const waitUntil = Date.now() + WAIT_FOR_FIRST_MS;
      for (;;) {
        const claimedAt = await claim(userId, key, operation);
        if (claimedAt) {
          const written = await writeOnce(claimedAt);
          if (written) return { result: written.result, replayed: false };
          // Taken over while writing: the write rolled back; wait for the request that took the key.
          continue;
        }
        const [first] = await db
          .select({
            operation: idempotencyKeys.operation,
            result: idempotencyKeys.result,
            completed_at: idempotencyKeys.completed_at,
          })
          .from(idempotencyKeys)
          .where(ofKey(userId, key));
        // Gone between the claim and the read: the first request failed and released it; claim it again.
        if (!first) continue;
        if (first.operation !== operation) throw fieldError("idempotency-key", IDEMPOTENCY_MESSAGES.otherRequest);
        if (first.completed_at) return { result: first.result as T, replayed: true };
        if (Date.now() > waitUntil) throw new HttpError(409, IDEMPOTENCY_MESSAGES.inProgress);
        await sleep(POLL_MS);
      }

      /** Runs the write under the claim; null when the claim was taken over before it completed. */
      async function writeOnce(claimedAt: string): Promise<{ result: T } | null> {
        try {
          const result = await write(async (tx, value) => {
            const completed = await tx
              .update(idempotencyKeys)
              .set({ result: value ?? null, completed_at: sql`now()` })
              .where(ownClaim(userId, keyed, claimedAt))
              .returning({ key: idempotencyKeys.key });
            if (completed.length === 0) throw new ClaimTakenOver();
          });
          return { result };
        } catch (error) {
          if (error instanceof ClaimTakenOver) return null;
          await db.delete(idempotencyKeys).where(ownClaim(userId, keyed, claimedAt));
          throw error;
        }
      }
    },
  };
}

export type IdempotentWrites = ReturnType<typeof createIdempotentWrites>;
