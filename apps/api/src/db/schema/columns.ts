import {
  customType,
  integer,
  smallint,
  text,
  timestamp,
  type AnyPgColumn,
  type ReferenceConfig,
} from "drizzle-orm/pg-core";

// The column groups every table file repeats, written once. Each is a function where a table needs its own
// builder (references, constraints); the timestamp groups are plain objects, spread into the table.

export const id = () => integer().primaryKey().generatedAlwaysAsIdentity();

/** A moment in time, always stored with its time zone. */
export const timestamptz = () => timestamp({ withTimezone: true });

/** When the row was written, for rows that never change. */
export const createdAt = { created_at: timestamptz().notNull().defaultNow() };

/** When the row was written and last changed (STYLE.md rule 4). */
export const timestamps = { ...createdAt, updated_at: timestamptz().notNull().defaultNow() };

/** A required reference to another table's row, e.g. `county_id: reference(() => counties.id)`. */
export const reference = (target: () => AnyPgColumn, actions?: ReferenceConfig["actions"]) =>
  integer().notNull().references(target, actions);

/** A required reference to the row this one belongs to: it is deleted with that row (a user's codes, an ad's photos). */
export const cascadeReference = (target: () => AnyPgColumn) => reference(target, { onDelete: "cascade" });

/** A fixed list whose ids the spec gives (statuses, types): the id is set, never generated, and names are unique. */
export const lookupColumns = () => ({ id: smallint().primaryKey(), name: text().notNull().unique() });

/** A required reference to an entry of such a list, e.g. `status_id: lookupReference(() => adStatuses.id)`. */
export const lookupReference = (target: () => AnyPgColumn) => smallint().notNull().references(target);

// Index columns are ascending: PostgreSQL reads an index backwards for `order by … desc`. Drizzle's `.desc()`
// writes DESC NULLS LAST, which no plain `order by … desc` (NULLS FIRST) can read in order.

export const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });
