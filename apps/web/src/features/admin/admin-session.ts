/**
 * The admin's session in the browser (spec second document §2 "Admin routes"): a token session of its own, under
 * its own storage key, so an admin is never a marketplace user in this tab and a user's session never opens the
 * admin area. Any 401 from an admin call ends it and goes back to the admin login at /admin.
 */
import type { TAdmin } from "@waterside/shared/users";
import { redirect } from "react-router";
import { ApiError } from "~/lib/api-client";
import { notify } from "~/lib/notify";
import { createTokenSession, deviceId } from "~/lib/token-session";
import { logOutAdmin } from "./api/log-out-admin";
import { refreshAdminSession } from "./api/refresh-admin-session";

export const ADMIN_LOGIN_PATH = "/admin";
export const ADMIN_HOME_PATH = "/admin/dashboard";

const adminSession = createTokenSession<TAdmin>({
  storageKey: "waterside.admin-session",
  refresh: refreshAdminSession,
  onUnauthorized: () => window.location.assign(ADMIN_LOGIN_PATH),
});

export const useAdminSession = adminSession.useSession;
export const signInAdmin = adminSession.signIn;
/** The transport of every admin call: the admin's bearer token; a 401 ends the session. */
export const adminTransport = adminSession.transport;

/** The guard of the admin pages, first in their `clientLoader`: a visitor or a user goes to the admin login. */
export function requireAdmin(): TAdmin {
  const session = adminSession.current();
  if (!session) throw redirect(ADMIN_LOGIN_PATH);
  return session.user;
}

/** The login page sends a signed-in admin on to the dashboard. */
export const adminSignedIn = () => adminSession.current() !== null;

export async function signOutAdmin() {
  try {
    await logOutAdmin(adminTransport, deviceId());
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401)) {
      notify("error", `Logout failed: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    }
  }
  adminSession.clear();
  return true;
}
