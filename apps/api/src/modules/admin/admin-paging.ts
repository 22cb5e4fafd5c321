import type { TPaged } from "@waterside/shared/api-envelope";
import { sql, type SQL } from "drizzle-orm";

/** `and` of the filters given, or `true`: the admin tables' optional filters. */
export function whereAll(conditions: (SQL | false | undefined)[]) {
  const given = conditions.filter((condition): condition is SQL => Boolean(condition));
  return given.length ? sql.join(given, sql` and `) : sql`true`;
}

/**
 * A page of an admin table, with `next_page_url` keeping the filters of this one (Load More asks for it as it is).
 * `query` holds the request's query values; `page` is replaced.
 */
export function adminPage<T>(
  items: T[],
  total: number,
  { page, perPage, path, query }: { page: number; perPage: number; path: string; query: object },
): TPaged<T> {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const keep = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (key !== "page" && value !== undefined && value !== null) keep.set(key, String(value));
  }
  keep.set("page", String(page + 1));
  return {
    data: items,
    current_page: page,
    per_page: perPage,
    total,
    last_page: lastPage,
    next_page_url: page < lastPage ? `${path}?${keep}` : null,
  };
}
