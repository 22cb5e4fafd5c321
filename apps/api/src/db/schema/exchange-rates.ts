import { sql } from "drizzle-orm";
import { check, integer, numeric, pgTable, text } from "drizzle-orm/pg-core";
import { admins } from "./admin-auth.ts";
import { createdAt, id } from "./columns.ts";

/**
 * The US$→L$ rate (issue 30), set by admins from the Central Bank of Liberia's daily figure. Every change is a new
 * row, so the table is the rate's history; the latest row is the rate in force.
 */
export const exchangeRates = pgTable(
  "exchange_rates",
  {
    id: id(),
    /** Liberian dollars for one US dollar. */
    usd_lrd: numeric({ precision: 12, scale: 4, mode: "number" }).notNull(),
    /** Who set it; null for a rate seeded or set by the command line. */
    admin_id: integer().references(() => admins.id, { onDelete: "set null" }),
    /** Where the figure comes from ("CBL, 27 Nov 2026"). */
    note: text().notNull().default(""),
    ...createdAt,
  },
  (table) => [check("exchange_rates_positive", sql`${table.usd_lrd} > 0`)],
);
