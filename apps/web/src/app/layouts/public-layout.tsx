import { Outlet } from "react-router";
import { AuthPrompts } from "./auth-prompts";
import { Breadcrumbs } from "./breadcrumbs";
import { Footer } from "./footer";
import { TopBar } from "./top-bar";

/** Public and info pages: top bar, breadcrumbs, the page, footer (spec §2 layout rules). */
export default function PublicLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white px-3 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
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
