import { Link, useMatches } from "react-router";
import type { BreadcrumbHandle, Crumb } from "~/lib/breadcrumbs";

/** Home > Categories > category > subcategory > ad, built from the matched routes' handles. */
export function Breadcrumbs() {
  const matches = useMatches();
  const crumbs: Crumb[] = matches.flatMap((match) => {
    const handle = match.handle as Partial<BreadcrumbHandle> | undefined;
    return handle?.breadcrumb ? [handle.breadcrumb(match.data)].flat() : [];
  });
  if (crumbs.length === 0) return null;
  const trail = [{ label: "Home", to: "/" }, ...crumbs];
  return (
    <nav aria-label="Breadcrumb" className="mx-auto w-full max-w-7xl px-4 pt-4 sm:px-6">
      <ol className="flex flex-wrap items-center gap-1 text-sm text-slate-600">
        {trail.map((crumb, index) => {
          const last = index === trail.length - 1;
          return (
            <li key={crumb.to} className="flex items-center gap-1">
              {last ? (
                <span aria-current="page" className="font-medium text-slate-900">
                  {crumb.label}
                </span>
              ) : (
                <>
                  <Link to={crumb.to} className="hover:text-emerald-700 hover:underline">
                    {crumb.label}
                  </Link>
                  <span aria-hidden="true">›</span>
                </>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
