import { apiData, type ApiTransport } from "~/lib/api-client";

/** DELETE /ads/{id} (selling): the seller deletes an ad, from its page or from My Ads. */
export const deleteAd = (api: ApiTransport, adId: number) => apiData(api, `/ads/${adId}`, { method: "DELETE" });
