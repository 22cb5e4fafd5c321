import type { TAuthorization } from "@waterside/shared/auth";
import type { TUser } from "@waterside/shared/users";
import { apiData, browserTransport } from "~/lib/api-client";

export interface SignedIn {
  user: TUser;
  authorization: TAuthorization;
  is_new_user?: boolean;
}

export interface Providers {
  google: { enabled: boolean; client_id?: string };
  facebook: { enabled: boolean; app_id?: string };
  apple: { enabled: boolean; client_id?: string };
}

const json = (body: unknown): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});

export const login = (body: object) => apiData<SignedIn>(browserTransport, "/auth/login", json(body));
export const checkEmail = (email: string) =>
  apiData(browserTransport, "/auth/register/validate-credentials", json({ email }));
export const register = (form: FormData) =>
  apiData<SignedIn>(browserTransport, "/auth/register", { method: "POST", body: form });
export const sendResetCode = (email: string) =>
  apiData(browserTransport, "/password-reset/send-reset-code", json({ email }));
export const resetPassword = (body: { email: string; code: string; password: string }) =>
  apiData(browserTransport, "/password-reset/reset", json(body));

/** Which social providers the server can verify; none when it cannot say. */
export const getProviders = () =>
  apiData<Providers>(browserTransport, "/auth/providers").catch((): Providers => ({
    google: { enabled: false },
    facebook: { enabled: false },
    apple: { enabled: false },
  }));
