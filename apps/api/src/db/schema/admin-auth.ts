import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id, timestamps } from "./columns.ts";
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

/**
 * Every admin write (issue 16, decision 049): who, when, what, and the status before and after. Rows are only ever
 * inserted: no route updates or deletes them, and a trigger refuses it (migration 0016).
 */
export const adminAuditLog = pgTable(
  "admin_audit_log",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    admin_id: integer()
      .notNull()
      .references(() => admins.id),
    /** What was done, e.g. "ad.status", "user.status", "report.status", "review.delete", "category.create". */
    action: text().notNull(),
    /** What it was done to: "ad", "user", "ad_report", "review", "category" … and its id. */
    target_type: text().notNull(),
    target_id: integer().notNull(),
    before: jsonb(),
    after: jsonb(),
    ...createdAt,
  },
  (table) => [
    index("admin_audit_log_created_idx").on(table.created_at),
    index("admin_audit_log_target_idx").on(table.target_type, table.target_id),
  ],
);
