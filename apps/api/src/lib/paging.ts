import type { TPaged } from "@waterside/shared/api-envelope";

/**
 * Where a list's pages are: its path alone (the next page is `path?page=N`), or its path with the request's query
 * values that the next page keeps (filters, sort, per_page; `page` is replaced, unset values are left out, the page
 * comes last).
 */
export type PageUrl = string | { path: string; query: object };

/**
 * A page of a list in the spec's paging shape (current_page, per_page, total, last_page, next_page_url): every
 * paged reply of the API is built here, so they cannot drift apart.
 */
export function toPage<T>(items: T[], total: number, page: number, perPage: number, url: PageUrl): TPaged<T> {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  return {
    data: items,
    current_page: page,
    per_page: perPage,
    total,
    last_page: lastPage,
    next_page_url: page < lastPage ? pageUrl(url, page + 1) : null,
  };
}

function pageUrl(url: PageUrl, page: number) {
  if (typeof url === "string") return `${url}?page=${page}`;
  const keep = new URLSearchParams();
  for (const [key, value] of Object.entries(url.query)) {
    if (key !== "page" && value !== undefined && value !== null) keep.set(key, String(value));
  }
  keep.set("page", String(page));
  return `${url.path}?${keep}`;
}
