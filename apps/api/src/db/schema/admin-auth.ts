import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { cascadeReference, createdAt, id, timestamps, timestamptz } from "./columns.ts";
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
    /** The admin's TOTP secret (RFC 6238, base32); set at enrolment, in use once `totp_enabled_at` is set. */
    totp_secret: text(),
    totp_enabled_at: timestamptz(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("admins_email_lower_unique").on(lowerEmail(table.email)),
    check("admins_status_known", sql`${table.status} in ('Active', 'Suspended')`),
  ],
);

/** An admin's single-use recovery codes (10 at enrolment), kept as hashes; `used_at` marks the one spent. */
export const adminRecoveryCodes = pgTable(
  "admin_recovery_codes",
  {
    id: id(),
    admin_id: cascadeReference(() => admins.id),
    code_hash: text().notNull(),
    used_at: timestamptz(),
    ...createdAt,
  },
  (table) => [index("admin_recovery_codes_admin_idx").on(table.admin_id)],
);

/**
 * The step between a right password and the second factor: the password call returns this challenge's token (kept
 * as a hash), the code call spends it. Wrong codes count against it.
 */
export const adminLoginChallenges = pgTable(
  "admin_login_challenges",
  {
    id: id(),
    admin_id: cascadeReference(() => admins.id),
    token_hash: text().notNull().unique(),
    attempts: integer().notNull().default(0),
    expires_at: timestamptz().notNull(),
    used_at: timestamptz(),
    ...createdAt,
  },
  (table) => [index("admin_login_challenges_admin_idx").on(table.admin_id)],
);
