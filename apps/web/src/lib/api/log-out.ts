import { apiData, jsonBody, type ApiTransport } from "~/lib/api-client";

/** POST /auth/logout (auth): ends this device's session on the server. */
export const logOut = (api: ApiTransport, deviceId: string) =>
  apiData(api, "/auth/logout", jsonBody({ device_id: deviceId }));
