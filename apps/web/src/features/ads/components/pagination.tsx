import { Link, useSearchParams } from "react-router";
import { withPage } from "../listing-params";

/**
 * Previous / next and nearby pages as links: shareable, and Back returns to the same scroll position. The last
 * page is only offered when the total is exact, not a lower bound.
 */
export function Pagination({
  page,
  lastPage,
  lastPageKnown,
}: {
  page: number;
  lastPage: number;
  lastPageKnown: boolean;
}) {
  const [params] = useSearchParams();
  if (lastPage <= 1) return null;
  const pages = [...new Set([1, page - 1, page, page + 1, ...(lastPageKnown ? [lastPage] : [])])]
    .filter((n) => n >= 1 && n <= lastPage)
    .sort((a, b) => a - b);
  const linkClass =
    "grid min-w-10 place-items-center rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm hover:border-emerald-600";
  return (
    <nav aria-label="Pages" className="mt-6 flex flex-wrap items-center justify-center gap-2">
      {page > 1 && (
        <Link to={withPage(params, page - 1)} className={linkClass} rel="prev">
          Previous
        </Link>
      )}
      {pages.map((n, index) => (
        <span key={n} className="flex items-center gap-2">
          {index > 0 && n - pages[index - 1]! > 1 && <span aria-hidden="true">…</span>}
          {n === page ? (
            <span
              aria-current="page"
              className={`${linkClass} border-emerald-700 bg-emerald-700 font-semibold text-white`}
            >
              {n}
            </span>
          ) : (
            <Link to={withPage(params, n)} className={linkClass} aria-label={`Page ${n}`}>
              {n}
            </Link>
          )}
        </span>
      ))}
      {page < lastPage && (
        <Link to={withPage(params, page + 1)} className={linkClass} rel="next">
          Next
        </Link>
      )}
    </nav>
  );
}
