import type { TAdRating } from "@waterside/shared/ads";
import { apiData, type ApiTransport } from "~/lib/api-client";

/** GET /ratings/ad/{ad_id} (reviews): the ad's stars with the caller's own, which a cached page cannot carry. */
export const getAdRating = (api: ApiTransport, adId: number) => apiData<TAdRating>(api, `/ratings/ad/${adId}`);
