/**
 * The signed-in marketplace user in the browser (spec §4 "Session"), a token session (./token-session.ts):
 * - `useSession()` → { status: "loading" | "signed-in" | "signed-out", user }.
 * - `signIn(user, authorization)`, `updateUser(user)`, `signOut()` (POST /auth/logout, then clears).
 * - `getAccessToken()` refreshes 60 s before expiry (one refresh shared by all callers).
 * - `authedTransport`: the API transport of signed-in calls, with the bearer token; any 401 clears the session
 *   and goes to /auth, remembering where the user was (`takeReturnRoute()`).
 * - `deviceId()`: generated once, kept in local storage, sent on login, refresh, logout and deletion.
 * The guard of personal routes, `requireSession(request)`, is in ./require-session.ts, off public pages' bundles.
 */
import type { TUser } from "@waterside/shared/users";
import type { AnalyticsSender } from "./analytics-log";
import { ApiError } from "./api-client";
import { logOut } from "./api/log-out";
import { refreshSession } from "./api/refresh-session";
import { notify } from "./notify";
import { SESSION_STORAGE_KEY } from "./scriptless";
import { forgetPersonalReads } from "./service-worker";
import { createTokenSession, deviceId, type StoredTokenSession, type TokenSessionState } from "./token-session";

export { deviceId };

const RETURN_KEY = "waterside.return_to";

export type StoredSession = StoredTokenSession<TUser>;
export type SessionState = TokenSessionState<TUser>;

export function rememberReturnRoute(route: string) {
  sessionStorage.setItem(RETURN_KEY, route);
}

/** Where to go after signing in: the remembered route (once), else the home page. */
export function takeReturnRoute(): string {
  const route = sessionStorage.getItem(RETURN_KEY);
  sessionStorage.removeItem(RETURN_KEY);
  return route && route.startsWith("/") && !route.startsWith("/auth") ? route : "/";
}

/** Sends the user to /auth, to come back here after signing in. */
export function goToLogin() {
  rememberReturnRoute(window.location.pathname + window.location.search);
  window.location.assign("/auth");
}

const userSession = createTokenSession<TUser>({
  storageKey: SESSION_STORAGE_KEY,
  refresh: refreshSession,
  onUnauthorized: goToLogin,
  // Signed-in reads kept for offline use are one person's (decision 102).
  onPersonChange: forgetPersonalReads,
});

export const useSession = userSession.useSession;
export const currentSession = userSession.current;
export const signIn = userSession.signIn;
export const updateUser = userSession.update;
/** Forgets the session locally (the server side is ended by signOut, or already gone). */
export const clearSession = userSession.clear;
/** A valid access token, refreshed when it expires within a minute; null when signed out. */
export const getAccessToken = userSession.getAccessToken;
/** Signed-in calls: the bearer token is added, and any 401 ends the session and goes to /auth (spec §8). */
export const authedTransport = userSession.transport;

/** The analytics log is sent as the signed-in user, or with the device id as a visitor (lib/analytics-log.ts). */
export const analyticsSender: AnalyticsSender = {
  accessToken: async () => (currentSession() ? getAccessToken() : null),
  deviceId,
};

export async function signOut() {
  try {
    await logOut(authedTransport, deviceId());
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401)) {
      notify("error", `Logout failed: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    }
  }
  clearSession();
  return true;
}
