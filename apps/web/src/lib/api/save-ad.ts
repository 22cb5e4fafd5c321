import { apiData, jsonBody, type ApiTransport } from "~/lib/api-client";

/** POST /ads/saved (saved-ads): the heart on a card or the ad page. */
export const saveAd = (api: ApiTransport, adId: number) => apiData(api, "/ads/saved", jsonBody({ ad_id: adId }));
