import { redirect } from "react-router";
import { currentSession, rememberReturnRoute, type StoredSession } from "./session";

/**
 * The guard of personal routes (own profile, saved ads, sell, settings), called first in their `clientLoader`,
 * like Epic Stack's `requireUserId`: the signed-in session, or, for a visitor, the route is remembered and the
 * loader redirects to /auth, which brings them back after signing in (docs/decisions/021-web-session.md).
 */
export function requireSession(request: Request): StoredSession {
  const session = currentSession();
  if (session) return session;
  const url = new URL(request.url);
  rememberReturnRoute(url.pathname + url.search);
  throw redirect("/auth");
}
