import { useSyncExternalStore } from "react";
import type { TAuthorization } from "@waterside/shared/auth";
import { AUTH_MESSAGES, TOKEN_REFRESH_MARGIN_SECONDS } from "@waterside/shared/auth-messages";
import { ApiError, browserTransport, type ApiTransport } from "./api-client";
import { deviceId } from "./device-id";
import { notify } from "./notify";

export { deviceId };

export type StoredAuthorization = TAuthorization & { /** ms epoch, computed on arrival */ expires_at: number };
export interface StoredTokenSession<TPerson> {
  user: TPerson;
  authorization: StoredAuthorization;
}
export type TokenSessionState<TPerson> =
  { status: "loading"; user: null } | { status: "signed-out"; user: null } | { status: "signed-in"; user: TPerson };

const withExpiry = (authorization: TAuthorization): StoredAuthorization => ({
  ...authorization,
  expires_at: Date.now() + authorization.expires_in * 1000,
});

/**
 * A bearer-token session kept in local storage under `storageKey`: the marketplace user's (lib/session.ts) and the
 * admin's (features/admin), which live side by side so that an admin session never appears as a marketplace user.
 * - `useSession()` is "loading" on the server and until the browser has read local storage, so server HTML never
 *   depends on who is signed in; another tab signing in or out is followed.
 * - `getAccessToken()` refreshes 60 s before expiry, one refresh shared by all callers; a refused refresh ends the
 *   session, an unreachable server keeps it for the next call.
 * - `transport` adds the bearer token; any 401 clears the session and calls `onUnauthorized`.
 * - `onPersonChange` runs whenever a session starts or ends here, to drop what the last person left behind.
 */
export function createTokenSession<TPerson>({
  storageKey,
  refresh,
  onUnauthorized,
  onPersonChange = () => {},
}: {
  storageKey: string;
  refresh: (
    api: ApiTransport,
    body: { device_id: string; refresh_token: string },
  ) => Promise<{ authorization: TAuthorization }>;
  onUnauthorized: () => void;
  onPersonChange?: () => void;
}) {
  type Stored = StoredTokenSession<TPerson>;
  type State = TokenSessionState<TPerson>;
  const LOADING: State = { status: "loading", user: null };
  const SIGNED_OUT: State = { status: "signed-out", user: null };

  let stored: Stored | null | undefined;
  let state: State = LOADING;
  const listeners = new Set<() => void>();

  function read(): Stored | null {
    if (stored === undefined) {
      try {
        stored = JSON.parse(localStorage.getItem(storageKey) ?? "null") as Stored | null;
      } catch {
        stored = null;
      }
      state = stored ? { status: "signed-in", user: stored.user } : SIGNED_OUT;
    }
    return stored;
  }

  function write(next: Stored | null) {
    stored = next;
    if (next) localStorage.setItem(storageKey, JSON.stringify(next));
    else localStorage.removeItem(storageKey);
    state = next ? { status: "signed-in", user: next.user } : SIGNED_OUT;
    listeners.forEach((listener) => listener());
  }

  if (typeof window !== "undefined") {
    window.addEventListener("storage", (event) => {
      if (event.key !== storageKey) return;
      stored = undefined;
      read();
      listeners.forEach((listener) => listener());
    });
  }

  function subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }

  const clear = () => {
    write(null);
    onPersonChange();
  };

  let refreshing: Promise<string | null> | null = null;

  async function renew(session: Stored): Promise<string | null> {
    try {
      const { authorization } = await refresh(browserTransport, {
        device_id: deviceId(),
        refresh_token: session.authorization.refresh_token,
      });
      const current = read();
      if (current) write({ ...current, authorization: withExpiry(authorization) });
      return authorization.token;
    } catch (error) {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
        clear();
        notify("error", AUTH_MESSAGES.sessionExpired);
        return null;
      }
      return session.authorization.token;
    }
  }

  async function getAccessToken(): Promise<string | null> {
    const session = read();
    if (!session) return null;
    if (session.authorization.expires_at - TOKEN_REFRESH_MARGIN_SECONDS * 1000 > Date.now()) {
      return session.authorization.token;
    }
    refreshing ??= renew(session).finally(() => (refreshing = null));
    return refreshing;
  }

  const transport: ApiTransport = async (path, init = {}) => {
    const token = await getAccessToken();
    const response = await browserTransport(path, {
      ...init,
      headers: { ...(token && { authorization: `Bearer ${token}` }), ...init.headers },
    });
    if (response.status === 401) {
      clear();
      onUnauthorized();
    }
    return response;
  };

  return {
    useSession: (): State =>
      useSyncExternalStore(
        subscribe,
        () => (read(), state),
        () => LOADING,
      ),
    current: (): Stored | null => (typeof window === "undefined" ? null : read()),
    signIn(user: TPerson, authorization: TAuthorization) {
      onPersonChange();
      write({ user, authorization: withExpiry(authorization) });
    },
    update(user: TPerson) {
      const session = read();
      if (session) write({ ...session, user });
    },
    clear,
    getAccessToken,
    transport,
  };
}
