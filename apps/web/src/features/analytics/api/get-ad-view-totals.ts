import type { TAdViewTotals } from "@waterside/shared/analytics";
import { apiData, type ApiTransport } from "~/lib/api-client";

/** GET /analytics/ad/views?ad_ids= (analytics): how often each of the seller's listed ads was seen, since posted. */
export const getAdViewTotals = (api: ApiTransport, adIds: number[]) =>
  apiData<TAdViewTotals>(api, `/analytics/ad/views?ad_ids=${adIds.join(",")}`);
