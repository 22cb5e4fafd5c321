import { Outlet } from "react-router";
import { AuthPrompts } from "./auth-prompts";
import { TopBar } from "./top-bar";

/** Signed-in screens (auth, profile, settings): top bar and the page, no breadcrumbs or footer (spec §2). */
export default function AccountLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white px-3 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <TopBar />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <AuthPrompts />
    </div>
  );
}
