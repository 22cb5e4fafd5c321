import { sql, type SQL } from "drizzle-orm";

/** `and` of the filters given, or `true`: the admin tables' optional filters. */
export function whereAll(conditions: (SQL | false | undefined)[]) {
  const given = conditions.filter((condition): condition is SQL => Boolean(condition));
  return given.length ? sql.join(given, sql` and `) : sql`true`;
}
