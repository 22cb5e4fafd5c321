import { Outlet } from "react-router";
import { AuthPrompts } from "./auth-prompts";
import { SkipLink } from "./skip-link";
import { TopBar } from "./top-bar";

/** Signed-in screens (auth, profile, settings): top bar and the page, no breadcrumbs or footer (spec §2). */
export default function AccountLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <TopBar />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <AuthPrompts invite={false} />
    </div>
  );
}
