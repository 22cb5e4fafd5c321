import { apiData, type ApiTransport } from "~/lib/api-client";

/** GET /push/public-key (notifications): the server's VAPID key, or null when Web Push is off. */
export const getPushKey = async (api: ApiTransport) =>
  (await apiData<{ publicKey: string | null }>(api, "/push/public-key")).publicKey;
