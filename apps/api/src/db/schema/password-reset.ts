import { index, pgTable, smallint, text } from "drizzle-orm/pg-core";
import { users } from "./users.ts";
import { cascadeReference, createdAt, id, timestamptz } from "./columns.ts";

/** 4-digit password reset codes (spec §5), stored hashed; expire, count wrong tries, single use. */
export const passwordResetCodes = pgTable(
  "password_reset_codes",
  {
    id: id(),
    user_id: cascadeReference(() => users.id),
    code_hash: text().notNull(),
    expires_at: timestamptz().notNull(),
    failed_attempts: smallint().notNull().default(0),
    used_at: timestamptz(),
    ...createdAt,
  },
  (table) => [index("password_reset_codes_user_idx").on(table.user_id, table.created_at)],
);
