import type { TAuthorization } from "@waterside/shared/auth";
import { apiData, jsonBody, type ApiTransport } from "~/lib/api-client";

/** POST /admin/auth/refresh (admin-auth): a new admin access token for this device; the refresh token rotates. */
export const refreshAdminSession = (api: ApiTransport, body: { device_id: string; refresh_token: string }) =>
  apiData<{ authorization: TAuthorization }>(api, "/admin/auth/refresh", jsonBody(body));
