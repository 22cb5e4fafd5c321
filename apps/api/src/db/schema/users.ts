import { sql } from "drizzle-orm";
import { doublePrecision, integer, pgTable, smallint, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns.ts";

/** 1 Individual, 2 Company (spec: usertype_id 1 individual, 2 business). */
export const userTypes = pgTable("user_types", {
  id: smallint().primaryKey(),
  name: text().notNull().unique(),
});

/** 1 Active, 2 Banned (spec: admin user status). */
export const userStatuses = pgTable("user_statuses", {
  id: smallint().primaryKey(),
  name: text().notNull().unique(),
});

export const users = pgTable(
  "users",
  {
    id: id(),
    usertype_id: smallint()
      .notNull()
      .references(() => userTypes.id),
    status_id: smallint()
      .notNull()
      .default(1)
      .references(() => userStatuses.id),
    name: text().notNull(),
    email: text().notNull(),
    password_hash: text(),
    phone_number: text(),
    bio: text(),
    profile_image: text(),
    google_id: text(),
    facebook_id: text(),
    apple_id: text(),
    /** Set when the user deleted their account: personal data is erased, the row stays for ads' history. */
    deleted_at: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("users_email_lower_unique").on(sql`lower(${table.email})`),
    uniqueIndex("users_google_id_unique").on(table.google_id),
    uniqueIndex("users_facebook_id_unique").on(table.facebook_id),
    uniqueIndex("users_apple_id_unique").on(table.apple_id),
  ],
);

export const companies = pgTable("companies", {
  id: id(),
  user_id: integer()
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: "cascade" }),
  banner_image: text(),
  description: text(),
  address: text(),
  latitude: doublePrecision(),
  longitude: doublePrecision(),
  ...timestamps,
});
