import { pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns.ts";
import { lowerEmail } from "./users.ts";

/** Admins sign in separately (spec: /admin/auth/*); an admin is not a marketplace user. */
export const admins = pgTable(
  "admins",
  {
    id: id(),
    name: text().notNull(),
    email: text().notNull(),
    password_hash: text().notNull(),
    profile_image: text(),
    ...timestamps,
  },
  (table) => [uniqueIndex("admins_email_lower_unique").on(lowerEmail(table.email))],
);
