import { BRAND } from "@waterside/shared/brand";
import { withSignal } from "~/lib/api-client";
import { useLoad } from "~/lib/use-load";
import { adminTransport, requireAdmin } from "../admin-session";
import { getCategoryReport } from "../api/get-category-report";
import { AdminPageLoading } from "../components/admin-page";
import { ActiveBadge } from "../components/catalog/active-badge";
import { LoadStatus } from "../components/load-status";

export const meta = () => [{ title: `Categories report | ${BRAND} admin` }, { name: "robots", content: "noindex" }];

export function clientLoader() {
  requireAdmin();
  return null;
}

export const HydrateFallback = AdminPageLoading;

const loadReport = (signal: AbortSignal) => getCategoryReport(withSignal(adminTransport, signal));

/**
 * Spec second document §2 /admin/categories-report: each category's name with an Active or Inactive badge, and each
 * of its subcategories with its badge and ads count.
 */
export default function CategoriesReport() {
  const report = useLoad(loadReport, "categories-report");
  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <h1 className="text-2xl font-semibold">Categories report</h1>
      <LoadStatus load={report} isEmpty={(list) => list.length === 0}>
        {(list) => (
          <ul className="grid gap-4 lg:grid-cols-2">
            {list.map((category) => (
              <li key={category.id}>
                <section
                  aria-labelledby={`report-category-${category.id}`}
                  className="h-full rounded-2xl bg-white p-4 shadow-sm"
                >
                  <div className="mb-3 flex flex-wrap items-center gap-2">
                    <h2 id={`report-category-${category.id}`} className="text-lg font-semibold break-words">
                      {category.name}
                    </h2>
                    <ActiveBadge active={category.active} />
                  </div>
                  {category.subcategories.length === 0 ? (
                    <p className="text-sm text-slate-600">No subcategories</p>
                  ) : (
                    <table className="w-full text-left text-sm">
                      <caption className="sr-only">Subcategories of {category.name}</caption>
                      <thead className="text-xs tracking-wide text-slate-600 uppercase">
                        <tr>
                          <th scope="col" className="py-1.5 pr-2">
                            Subcategory
                          </th>
                          <th scope="col" className="w-24 px-2 py-1.5">
                            Status
                          </th>
                          <th scope="col" className="w-16 py-1.5 pl-2 text-right">
                            Ads
                          </th>
                        </tr>
                      </thead>
                      <tbody className="divide-y divide-slate-100">
                        {category.subcategories.map((sub) => (
                          <tr key={sub.id}>
                            <th scope="row" className="py-2 pr-2 font-normal break-words">
                              {sub.name}
                            </th>
                            <td className="px-2 py-2">
                              <ActiveBadge active={sub.active} />
                            </td>
                            <td className="py-2 pl-2 text-right tabular-nums">
                              {sub.ads_count.toLocaleString("en-US")}
                            </td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  )}
                </section>
              </li>
            ))}
          </ul>
        )}
      </LoadStatus>
    </div>
  );
}
