import { customType, integer, timestamp } from "drizzle-orm/pg-core";

export const timestamps = {
  created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
};

export const id = () => integer().primaryKey().generatedAlwaysAsIdentity();

// Index columns are ascending: PostgreSQL reads an index backwards for `order by … desc`. Drizzle's `.desc()`
// writes DESC NULLS LAST, which no plain `order by … desc` (NULLS FIRST) can read in order.

export const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });
