import type { TOwnAdListItem } from "@waterside/shared/selling";
import type { TAdStatusFilter } from "@waterside/shared/selling";
import type { TPaged } from "@waterside/shared/api-envelope";
import { apiData, type ApiTransport } from "~/lib/api-client";

export type MyAds = TPaged<TOwnAdListItem> & { counts: Record<TAdStatusFilter, number> };

/** GET /ads/mine (selling): the seller's ads in one state (or all) with counts per state, for the My Ads tab. */
export const getMyAds = (api: ApiTransport, status: TAdStatusFilter = "all") =>
  apiData<MyAds>(api, `/ads/mine?status=${status}`);
