/**
 * The signed-in session in the browser (spec §4 "Session"):
 * - `useSession()` → { status: "loading" | "signed-in" | "signed-out", user } — "loading" on the server and
 *   until the browser has read local storage, so server HTML never depends on who is signed in.
 * - `signIn(user, authorization)`, `updateUser(user)`, `signOut()` (POST /auth/logout, then clears).
 * - `getAccessToken()` refreshes 60 s before expiry (one refresh shared by all callers).
 * - `authedTransport`: the API transport of signed-in calls, with the bearer token; any 401 clears the session
 *   and goes to /auth, remembering where the user was (`takeReturnRoute()`).
 * - `deviceId()`: generated once, kept in local storage, sent on login, refresh, logout and deletion.
 * The guard of personal routes, `requireSession(request)`, is in ./require-session.ts, off public pages' bundles.
 */
import { useSyncExternalStore } from "react";
import type { TAuthorization } from "@waterside/shared/auth";
import { AUTH_MESSAGES, TOKEN_REFRESH_MARGIN_SECONDS } from "@waterside/shared/auth-messages";
import type { TUser } from "@waterside/shared/users";
import { ApiError, browserTransport, type ApiTransport } from "./api-client";
import { logOut } from "./api/log-out";
import { refreshSession } from "./api/refresh-session";
import { notify } from "./notify";

const SESSION_KEY = "waterside.session";
const DEVICE_KEY = "waterside.device_id";
const RETURN_KEY = "waterside.return_to";

export type StoredAuthorization = TAuthorization & { /** ms epoch, computed on arrival */ expires_at: number };
export interface StoredSession {
  user: TUser;
  authorization: StoredAuthorization;
}
export type SessionState =
  { status: "loading"; user: null } | { status: "signed-out"; user: null } | { status: "signed-in"; user: TUser };

const LOADING: SessionState = { status: "loading", user: null };
const SIGNED_OUT: SessionState = { status: "signed-out", user: null };

let stored: StoredSession | null | undefined;
let state: SessionState = LOADING;
const listeners = new Set<() => void>();

function read(): StoredSession | null {
  if (stored === undefined) {
    try {
      stored = JSON.parse(localStorage.getItem(SESSION_KEY) ?? "null") as StoredSession | null;
    } catch {
      stored = null;
    }
    state = stored ? { status: "signed-in", user: stored.user } : SIGNED_OUT;
  }
  return stored;
}

function write(next: StoredSession | null) {
  stored = next;
  if (next) localStorage.setItem(SESSION_KEY, JSON.stringify(next));
  else localStorage.removeItem(SESSION_KEY);
  state = next ? { status: "signed-in", user: next.user } : SIGNED_OUT;
  listeners.forEach((listener) => listener());
}

// Another tab signed in or out: follow it.
if (typeof window !== "undefined") {
  window.addEventListener("storage", (event) => {
    if (event.key !== SESSION_KEY) return;
    stored = undefined;
    read();
    listeners.forEach((listener) => listener());
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): SessionState {
  return useSyncExternalStore(
    subscribe,
    () => (read(), state),
    () => LOADING,
  );
}

export function currentSession(): StoredSession | null {
  return typeof window === "undefined" ? null : read();
}

export function deviceId(): string {
  let id = localStorage.getItem(DEVICE_KEY);
  if (!id) {
    id = crypto.randomUUID();
    localStorage.setItem(DEVICE_KEY, id);
  }
  return id;
}

const withExpiry = (authorization: TAuthorization): StoredAuthorization => ({
  ...authorization,
  expires_at: Date.now() + authorization.expires_in * 1000,
});

export function signIn(user: TUser, authorization: TAuthorization) {
  write({ user, authorization: withExpiry(authorization) });
}

export function updateUser(user: TUser) {
  const session = read();
  if (session) write({ ...session, user });
}

/** Forgets the session locally (the server side is ended by signOut, or already gone). */
export function clearSession() {
  write(null);
}

let refreshing: Promise<string | null> | null = null;

async function refresh(session: StoredSession): Promise<string | null> {
  try {
    const { authorization } = await refreshSession(browserTransport, {
      device_id: deviceId(),
      refresh_token: session.authorization.refresh_token,
    });
    const current = read();
    if (current) write({ ...current, authorization: withExpiry(authorization) });
    return authorization.token;
  } catch (error) {
    // Offline: keep the session and try again on the next call; a refused refresh ends it.
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
      clearSession();
      notify("error", AUTH_MESSAGES.sessionExpired);
      return null;
    }
    return session.authorization.token;
  }
}

/** A valid access token, refreshed when it expires within a minute; null when signed out. */
export async function getAccessToken(): Promise<string | null> {
  const session = read();
  if (!session) return null;
  if (session.authorization.expires_at - TOKEN_REFRESH_MARGIN_SECONDS * 1000 > Date.now()) {
    return session.authorization.token;
  }
  refreshing ??= refresh(session).finally(() => (refreshing = null));
  return refreshing;
}

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

/** Signed-in calls: the bearer token is added, and any 401 ends the session and goes to /auth (spec §8). */
export const authedTransport: ApiTransport = async (path, init = {}) => {
  const token = await getAccessToken();
  const response = await browserTransport(path, {
    ...init,
    headers: { ...(token && { authorization: `Bearer ${token}` }), ...init.headers },
  });
  if (response.status === 401) {
    clearSession();
    goToLogin();
  }
  return response;
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
