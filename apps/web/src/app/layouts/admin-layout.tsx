import { BRAND } from "@waterside/shared/brand";
import { useEffect, useState } from "react";
import { NavLink, Outlet, useNavigate } from "react-router";
import { clsx } from "clsx";
import { Avatar } from "~/components/ui/avatar";
import { Logo } from "~/components/ui/logo";
import { ADMIN_LOGIN_PATH, requireAdmin, signOutAdmin, useAdminSession } from "~/features/admin/admin-session";
import { SkipLink } from "./skip-link";

/**
 * Spec second document §2: the sidebar's pages, in its order, with the moderation queue, the safe deals' disputes
 * (issue 33) and the exchange rate added.
 */
const ADMIN_PAGES = [
  { to: "/admin/dashboard", label: "Dashboard" },
  { to: "/admin/users", label: "Users" },
  { to: "/admin/ads", label: "Ads" },
  { to: "/admin/moderation-queue", label: "Moderation queue" },
  { to: "/admin/categories-report", label: "Categories report" },
  { to: "/admin/manage-categories", label: "Manage categories" },
  { to: "/admin/ads-reports", label: "Ads reports" },
  { to: "/admin/users-reports", label: "Users reports" },
  { to: "/admin/disputes", label: "Disputes" },
  { to: "/admin/exchange-rate", label: "Exchange rate" },
  { to: "/admin/audit-log", label: "Audit log" },
  { to: "/admin/admins", label: "Admins" },
] as const;

export function clientLoader() {
  return requireAdmin();
}

export const meta = () => [{ title: `Admin | ${BRAND}` }, { name: "robots", content: "noindex" }];

/**
 * The admin area's layout (spec second document §2 "Admin routes"): a collapsible sidebar with the admin's name
 * and picture, the admin pages and Logout; no marketplace top bar, so the users' chat socket never opens here.
 * On a phone the sidebar is a drawer that closes after each choice.
 */
export default function AdminLayout() {
  const session = useAdminSession();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);

  // Signed out in another tab, or by a 401: back to the login.
  useEffect(() => {
    if (session.status === "signed-out") void navigate(ADMIN_LOGIN_PATH, { replace: true });
  }, [session.status, navigate]);

  async function logOut() {
    if (await signOutAdmin()) await navigate(ADMIN_LOGIN_PATH, { replace: true });
  }

  const admin = session.user;
  return (
    <div className="min-h-dvh bg-slate-100 lg:flex">
      <SkipLink />
      {/* The phone's bar is the page's banner landmark: axe 'region' wants everything inside one. */}
      <header className="sticky top-0 z-30 flex items-center gap-3 border-b border-slate-200 bg-white px-4 py-2 lg:hidden">
        <button
          type="button"
          onClick={() => setOpen((value) => !value)}
          aria-expanded={open}
          aria-controls="admin-sidebar"
          className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium"
        >
          {open ? "Close menu" : "Menu"}
        </button>
        <span className="font-semibold">{BRAND} admin</span>
      </header>
      <aside
        id="admin-sidebar"
        aria-label="Admin"
        className={clsx(
          "z-20 w-full shrink-0 flex-col border-r border-slate-200 bg-white lg:sticky lg:top-0 lg:flex lg:h-dvh lg:w-60",
          open ? "flex" : "hidden",
        )}
      >
        <div className="hidden items-center gap-2 px-4 py-4 lg:flex">
          <Logo className="size-8" />
          <span className="font-semibold">{BRAND} admin</span>
        </div>
        {admin && (
          <div className="flex items-center gap-3 border-y border-slate-100 px-4 py-3">
            <Avatar name={admin.name} url={admin.profile_image_url} className="size-10" />
            <div className="min-w-0">
              <p className="truncate font-medium">{admin.name}</p>
              <p className="truncate text-xs text-slate-500">{admin.email}</p>
            </div>
          </div>
        )}
        <nav className="flex-1 overflow-y-auto p-2">
          <ul className="space-y-1">
            {ADMIN_PAGES.map((page) => (
              <li key={page.to}>
                <NavLink
                  to={page.to}
                  onClick={() => setOpen(false)}
                  className={({ isActive }) =>
                    clsx(
                      "block rounded-lg px-3 py-2 text-sm font-medium",
                      isActive ? "bg-emerald-50 text-emerald-800" : "text-slate-700 hover:bg-slate-50",
                    )
                  }
                >
                  {page.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="border-t border-slate-100 p-2">
          <button
            type="button"
            onClick={logOut}
            className="w-full rounded-lg px-3 py-2 text-left text-sm font-medium text-red-700 hover:bg-red-50"
          >
            Logout
          </button>
        </div>
      </aside>
      <main id="main" className="min-w-0 flex-1 px-3 py-4 sm:px-6 sm:py-6">
        <Outlet />
      </main>
    </div>
  );
}
