import type { TLoginCredentials } from "@waterside/shared/auth";
import type { TAdminLoginResult } from "@waterside/shared/admin-two-factor";
import { apiData, jsonBody, type ApiTransport } from "~/lib/api-client";

/**
 * POST /admin/auth/login (admin-auth): email, password, remember_me, device_id. Signed in, or (issue 27) a challenge
 * for the authenticator's code, with its setup at the first sign-in.
 */
export const logInAdmin = (api: ApiTransport, credentials: TLoginCredentials) =>
  apiData<TAdminLoginResult>(api, "/admin/auth/login", jsonBody(credentials));
