import { sql } from "drizzle-orm";
import { check, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns.ts";
import { lowerEmail } from "./users.ts";

/**
 * Admins sign in separately (spec: /admin/auth/*); an admin is not a marketplace user. A Suspended admin cannot sign
 * in, and their tokens stop at once (decision 057); only another, active admin changes the status.
 */
export const admins = pgTable(
  "admins",
  {
    id: id(),
    name: text().notNull(),
    email: text().notNull(),
    password_hash: text().notNull(),
    profile_image: text(),
    status: text({ enum: ["Active", "Suspended"] })
      .notNull()
      .default("Active"),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("admins_email_lower_unique").on(lowerEmail(table.email)),
    check("admins_status_known", sql`${table.status} in ('Active', 'Suspended')`),
  ],
);
