import { jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { cascadeReference, createdAt, timestamptz } from "./columns.ts";
import { users } from "./users.ts";

/**
 * The writes a client named with an `Idempotency-Key` header (issue 31, decision 104), per user: a repeat of the
 * key gets the first write's result instead of a second write. A row is claimed before the write (completed_at
 * null) and completed in the write's own transaction, so a write and its record commit together.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    user_id: cascadeReference(() => users.id),
    key: text().notNull(),
    /** What the key was first used for, e.g. "ads.create": the same key on another write is refused. */
    operation: text().notNull(),
    /** What the write returned (the new ad's id), from which the route builds its answer again. */
    result: jsonb(),
    completed_at: timestamptz(),
    ...createdAt,
  },
  (table) => [primaryKey({ columns: [table.user_id, table.key] })],
);
