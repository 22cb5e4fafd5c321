import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { admins } from "./admin-auth.ts";
import { users } from "./users.ts";
import { createdAt, id, timestamptz } from "./columns.ts";

/**
 * One sign-in on one device: the family its refresh tokens rotate in. Revoking it (logout, reuse of a
 * rotated refresh token, password change, ban, deletion) ends its access tokens too.
 * Exactly one of user_id and admin_id is set.
 */
export const authSessions = pgTable(
  "auth_sessions",
  {
    id: uuid().primaryKey().defaultRandom(),
    user_id: integer().references(() => users.id, { onDelete: "cascade" }),
    admin_id: integer().references(() => admins.id, { onDelete: "cascade" }),
    // Null until the first refresh names the device: registration does not send one (decision 037).
    device_id: text(),
    remember_me: boolean().notNull().default(false),
    revoked_at: timestamptz(),
    ...createdAt,
  },
  (table) => [
    index("auth_sessions_user_idx").on(table.user_id, table.device_id),
    index("auth_sessions_admin_idx").on(table.admin_id, table.device_id),
    // A session speaks for a user or for an admin, never both and never neither.
    check("auth_sessions_one_owner", sql`num_nonnulls(${table.user_id}, ${table.admin_id}) = 1`),
  ],
);

/** Opaque refresh tokens, stored as SHA-256 hashes. A token is used once: refreshing rotates it. */
export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: id(),
    session_id: uuid()
      .notNull()
      .references(() => authSessions.id, { onDelete: "cascade" }),
    token_hash: text().notNull().unique(),
    expires_at: timestamptz().notNull(),
    /** Set when this token was exchanged for the next one; presenting it again revokes the family. */
    rotated_at: timestamptz(),
    ...createdAt,
  },
  (table) => [index("refresh_tokens_session_idx").on(table.session_id)],
);
