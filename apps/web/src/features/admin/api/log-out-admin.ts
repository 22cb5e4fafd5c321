import { apiData, jsonBody, type ApiTransport } from "~/lib/api-client";

/** POST /admin/auth/logout (admin-auth): ends this device's admin session on the server. */
export const logOutAdmin = (api: ApiTransport, deviceId: string) =>
  apiData(api, "/admin/auth/logout", jsonBody({ device_id: deviceId }));
