import { Outlet, isRouteErrorResponse } from "react-router";
import { BRAND } from "@waterside/shared/brand";
import { NotFound } from "~/components/not-found";
import { OfflineNotSaved, failedOffline } from "~/components/offline-not-saved";
import type { NoScriptsHandle } from "~/lib/scriptless";
import { AuthPrompts } from "./auth-prompts";
import { SkipLink } from "./skip-link";
import { Breadcrumbs } from "./breadcrumbs";
import { Footer } from "./footer";
import { TopBar } from "./top-bar";

/** The public pages are read without the app, which loads on the reader's intent (decision 107). */
export const handle: NoScriptsHandle = { scripts: "on-intent" };

/** Public and info pages: top bar, breadcrumbs, the page, footer (spec §2 layout rules). */
export default function PublicLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <TopBar />
      <Breadcrumbs />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer />
      <AuthPrompts />
    </div>
  );
}

/**
 * A page that failed inside the public layout keeps its top bar and footer. A missing thing (an unknown category or
 * subcategory: their loaders answer 404) is the site's 'Page Not Found'; a move made offline to a page never kept says
 * so; only a real failure asks for a reload.
 */
export function ErrorBoundary({ error }: { error: unknown }) {
  const missing = isRouteErrorResponse(error) && (error.status === 404 || error.status === 410);
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <TopBar />
      <main id="main" className="flex-1">
        {missing ? (
          <>
            <title>{`Page Not Found | ${BRAND}`}</title>
            <meta name="robots" content="noindex" />
            <NotFound />
          </>
        ) : failedOffline(error) ? (
          <OfflineNotSaved />
        ) : (
          <section className="mx-auto max-w-xl px-4 py-24 text-center" role="alert">
            <title>{`Something went wrong | ${BRAND}`}</title>
            <h1 className="text-2xl font-semibold">Something went wrong</h1>
            <p className="mt-2 text-slate-600">Please reload the page, or go back to the home page.</p>
          </section>
        )}
      </main>
      <Footer />
    </div>
  );
}
