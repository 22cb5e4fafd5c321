import type { TOwnAdListItem } from "@waterside/shared/selling";
import type { TPaged } from "@waterside/shared/api-envelope";
import { apiData, type ApiTransport } from "~/lib/api-client";

export type MyAds = TPaged<TOwnAdListItem> & {
  counts: { all: number; active: number; hidden: number; pending: number };
};

/** GET /ads/mine (selling): the seller's ads in every status with their running boosts, for the My Ads tab. */
export const getMyAds = (api: ApiTransport) => apiData<MyAds>(api, "/ads/mine");
