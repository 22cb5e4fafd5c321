import { sql } from "drizzle-orm";
import { boolean, doublePrecision, pgTable, text, uniqueIndex, type AnyPgColumn } from "drizzle-orm/pg-core";
import { cascadeReference, id, lookupColumns, lookupReference, timestamps, timestamptz } from "./columns.ts";

/** 1 Individual, 2 Company (spec: usertype_id 1 individual, 2 business). */
export const userTypes = pgTable("user_types", lookupColumns());

/** 1 Active, 2 Banned (spec: admin user status). */
export const userStatuses = pgTable("user_statuses", lookupColumns());

/**
 * An email as accounts compare it: case-free, so `Ann@x.lr` and `ann@x.lr` are one account. The unique indexes of
 * users and admins are on this expression, so lookups written with `emailEquals` read them.
 */
export const lowerEmail = (column: AnyPgColumn) => sql`lower(${column})`;

/** Whether an email column holds `email`, whatever its case. */
export const emailEquals = (column: AnyPgColumn, email: string) => sql`${lowerEmail(column)} = ${email.toLowerCase()}`;

export const users = pgTable(
  "users",
  {
    id: id(),
    usertype_id: lookupReference(() => userTypes.id),
    status_id: lookupReference(() => userStatuses.id).default(1),
    name: text().notNull(),
    /** Null for an account created by phone until its owner adds an email (decision 068). */
    email: text(),
    password_hash: text(),
    phone_number: text(),
    /**
     * The number this account proved by SMS code, in E.164 (+231886123456); one account per verified number.
     * `phone_verified` is this being set; editing the profile's phone to another number clears it.
     */
    verified_phone_number: text(),
    /** The seller's choice: buyers may reveal the phone number (true) or must chat first (false). */
    phone_revealable: boolean().notNull().default(true),
    bio: text(),
    profile_image: text(),
    google_id: text(),
    facebook_id: text(),
    apple_id: text(),
    /** Set when the user deleted their account: personal data is erased, the row stays for ads' history. */
    deleted_at: timestamptz(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("users_email_lower_unique").on(lowerEmail(table.email)),
    uniqueIndex("users_google_id_unique").on(table.google_id),
    uniqueIndex("users_facebook_id_unique").on(table.facebook_id),
    uniqueIndex("users_apple_id_unique").on(table.apple_id),
    uniqueIndex("users_verified_phone_number_unique").on(table.verified_phone_number),
  ],
);

export const companies = pgTable("companies", {
  id: id(),
  user_id: cascadeReference(() => users.id).unique(),
  banner_image: text(),
  description: text(),
  address: text(),
  latitude: doublePrecision(),
  longitude: doublePrecision(),
  ...timestamps,
});
