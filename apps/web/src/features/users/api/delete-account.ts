import { apiData, type ApiTransport } from "~/lib/api-client";

/** DELETE /user (users): the account and everything in it, for good (spec §4 "Account deletion"). */
export const deleteAccount = (api: ApiTransport, deviceId: string) =>
  apiData(api, `/user?device_id=${encodeURIComponent(deviceId)}&platform=web`, { method: "DELETE" });
