import { index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, id, timestamptz } from "./columns.ts";
import { users } from "./users.ts";

/**
 * An SMS code sent to a number (E.164): to sign in or register (`user_id` null) or for a signed-in user to verify a
 * number (`user_id` set). Every send is a row, so the anti-pumping caps (per number, address, prefix, day) count
 * rows. The code is kept as a hash; `attempts` counts wrong tries, and the code is void at 5 or once used.
 */
export const phoneCodes = pgTable(
  "phone_codes",
  {
    id: id(),
    phone_number: text().notNull(),
    user_id: integer().references(() => users.id, { onDelete: "cascade" }),
    ip: text().notNull(),
    code_hash: text().notNull(),
    attempts: integer().notNull().default(0),
    expires_at: timestamptz().notNull(),
    used_at: timestamptz(),
    ...createdAt,
  },
  (table) => [
    index("phone_codes_number_idx").on(table.phone_number, table.created_at),
    index("phone_codes_ip_idx").on(table.ip, table.created_at),
    index("phone_codes_created_idx").on(table.created_at),
  ],
);
