import type { TAuthorization, TLoginCredentials } from "@waterside/shared/auth";
import type { TAdmin } from "@waterside/shared/users";
import { apiData, jsonBody, type ApiTransport } from "~/lib/api-client";

/** POST /admin/auth/login (admin-auth): email, password, remember_me, device_id. */
export const logInAdmin = (api: ApiTransport, credentials: TLoginCredentials) =>
  apiData<{ admin: TAdmin; authorization: TAuthorization }>(api, "/admin/auth/login", jsonBody(credentials));
