import type { TAuthorization } from "@waterside/shared/auth";
import { apiData, jsonBody, type ApiTransport } from "~/lib/api-client";

/** POST /auth/refresh (auth): a new access token for this device; the refresh token rotates. */
export const refreshSession = (api: ApiTransport, body: { device_id: string; refresh_token: string }) =>
  apiData<{ authorization: TAuthorization }>(api, "/auth/refresh", jsonBody(body));
