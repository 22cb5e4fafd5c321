import postgres from "postgres";

/** SQLSTATE of a row refused by a unique index or constraint. */
const UNIQUE_VIOLATION = "23505";

/**
 * Whether `error` is PostgreSQL refusing a row that a unique index already holds (two registrations racing for one
 * email), and when `constraint` is given, whether that index or constraint refused it. Drizzle throws a
 * DrizzleQueryError whose `cause` is the driver's PostgresError, so the chain of causes is searched.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof postgres.PostgresError) {
      return cause.code === UNIQUE_VIOLATION && (constraint === undefined || cause.constraint_name === constraint);
    }
  }
  return false;
}
