import type { TDashboard } from "@waterside/shared/admin-catalog";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Avatar } from "~/components/ui/avatar";
import { withSignal } from "~/lib/api-client";
import { useFormatDate } from "~/lib/format";
import { useLoad } from "~/lib/use-load";
import { adminTransport, requireAdmin } from "../admin-session";
import { getDashboard } from "../api/get-dashboard";
import { AdminPage } from "../components/admin-page";
import { LoadStatus } from "../components/load-status";

export function clientLoader() {
  requireAdmin();
  return null;
}

const loadDashboard = (signal: AbortSignal) => getDashboard(withSignal(adminTransport, signal));

/**
 * Spec second document §2 /admin/dashboard: number of posts, number of users, the latest 10 users and the first 3
 * categories with their subcategories' ad counts; above them, what waits for an admin (issue 16).
 */
export default function AdminDashboard() {
  const dashboard = useLoad(loadDashboard, "dashboard");
  return (
    <AdminPage title="Dashboard">
      <LoadStatus load={dashboard} isEmpty={() => false}>
        {(dashboard) => <DashboardFigures dashboard={dashboard} />}
      </LoadStatus>
    </AdminPage>
  );
}

function DashboardFigures({ dashboard }: { dashboard: TDashboard }) {
  const formatDate = useFormatDate();
  const waiting = dashboard.needs_attention;
  return (
    <div className="space-y-6">
      <section aria-label="Needs an admin" className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        <Figure
          label="Unresolved ad reports"
          value={waiting.unresolved_ad_reports}
          to="/admin/ads-reports?status=Unresolved"
        />
        <Figure
          label="Unresolved user reports"
          value={waiting.unresolved_user_reports}
          to="/admin/users-reports?status=Unresolved"
        />
        <Figure
          label="Ads taken offline by reports"
          value={waiting.ads_pending_after_reports}
          to="/admin/ads?status=Pending"
        />
        <Figure label="Ads not reviewed yet" value={waiting.ads_unreviewed} to="/admin/moderation-queue" />
      </section>
      <section aria-label="Totals" className="grid gap-3 sm:grid-cols-2">
        <Figure label="Number of posts" value={dashboard.posts_count} to="/admin/ads" />
        <Figure label="Number of users" value={dashboard.users_count} to="/admin/users" />
      </section>
      <div className="grid gap-6 xl:grid-cols-2">
        <Panel title="Latest users">
          {dashboard.latest_users.length === 0 ? (
            <p className="p-4 text-slate-600">No users found</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {dashboard.latest_users.map((user) => (
                <li key={user.id} className="flex items-center gap-3 px-4 py-2">
                  <Avatar name={user.name} url={user.profile_image_url} className="size-9" />
                  <div className="min-w-0 flex-1">
                    <Link to={`/admin/ads/${user.id}`} className="block truncate font-medium hover:underline">
                      {user.name}
                    </Link>
                    <p className="truncate text-xs text-slate-500">{user.email ?? "Signed up by phone"}</p>
                  </div>
                  <span className="text-xs whitespace-nowrap text-slate-500">{formatDate(user.created_at)}</span>
                </li>
              ))}
            </ul>
          )}
        </Panel>
        <Panel title="Categories">
          {dashboard.categories.length === 0 ? (
            <p className="p-4 text-slate-600">No data available</p>
          ) : (
            <div className="divide-y divide-slate-100">
              {dashboard.categories.map((category) => (
                <div key={category.id} className="px-4 py-3">
                  <h3 className="font-medium">{category.name}</h3>
                  <ul className="mt-1 space-y-0.5 text-sm">
                    {category.subcategories.map((subcategory) => (
                      <li key={subcategory.id} className="flex justify-between gap-3 text-slate-700">
                        <span>{subcategory.name}</span>
                        <span className="tabular-nums">{subcategory.ads_count.toLocaleString("en-US")} ads</span>
                      </li>
                    ))}
                  </ul>
                </div>
              ))}
            </div>
          )}
        </Panel>
      </div>
    </div>
  );
}

function Figure({ label, value, to }: { label: string; value: number; to: string }) {
  return (
    <Link to={to} className="block rounded-xl border border-slate-200 bg-white p-4 hover:border-emerald-600">
      <p className="text-sm text-slate-600">{label}</p>
      <p className="text-3xl font-bold tabular-nums">{value.toLocaleString("en-US")}</p>
    </Link>
  );
}

/** A panel of the dashboard's grid: it never grows past the screen for a long name or email (they are cut). */
function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="min-w-0 rounded-xl border border-slate-200 bg-white">
      <h2 className="border-b border-slate-100 px-4 py-3 font-semibold">{title}</h2>
      {children}
    </section>
  );
}
