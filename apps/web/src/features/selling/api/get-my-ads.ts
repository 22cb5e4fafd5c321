import type { TAdListItem } from "@waterside/shared/ads";
import type { TPaged } from "@waterside/shared/api-envelope";
import { apiData, type ApiTransport } from "~/lib/api-client";

export type MyAds = TPaged<TAdListItem> & { counts: { all: number; active: number; hidden: number; pending: number } };

/** GET /ads/mine (selling): the seller's ads in every status, for the profile's My Ads tab. */
export const getMyAds = (api: ApiTransport) => apiData<MyAds>(api, "/ads/mine");
