import { apiData, type ApiTransport } from "~/lib/api-client";

/** DELETE /ads/saved/{adId} (saved-ads): undo a save (docs/decisions/020-saved-ads.md: the id is the ad's). */
export const unsaveAd = (api: ApiTransport, adId: number) => apiData(api, `/ads/saved/${adId}`, { method: "DELETE" });
