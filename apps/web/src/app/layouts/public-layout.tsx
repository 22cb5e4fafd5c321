import { Outlet } from "react-router";
import { AuthPrompts } from "./auth-prompts";
import { SkipLink } from "./skip-link";
import { Breadcrumbs } from "./breadcrumbs";
import { Footer } from "./footer";
import { TopBar } from "./top-bar";

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
