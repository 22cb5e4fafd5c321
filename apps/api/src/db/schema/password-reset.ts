import { index, integer, pgTable, smallint, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users.ts";
import { id } from "./columns.ts";

/** 4-digit password reset codes (spec §5), stored hashed; expire, count wrong tries, single use. */
export const passwordResetCodes = pgTable(
  "password_reset_codes",
  {
    id: id(),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    code_hash: text().notNull(),
    expires_at: timestamp({ withTimezone: true }).notNull(),
    failed_attempts: smallint().notNull().default(0),
    used_at: timestamp({ withTimezone: true }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("password_reset_codes_user_idx").on(table.user_id, table.created_at)],
);
