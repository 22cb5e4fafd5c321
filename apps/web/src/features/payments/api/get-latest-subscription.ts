import type { TAdDetail, TLatestSubscription } from "@waterside/shared/ads";
import { apiData, type ApiTransport } from "~/lib/api-client";

/**
 * GET /ads/id/{id}?load=lastest_subscription (ads; the spec's spelling): the ad's newest boost, or null, for its
 * seller's boost panel on the ad page (first document §4 "Ad boost display").
 */
export async function getLatestSubscription(api: ApiTransport, adId: number) {
  const ad = await apiData<TAdDetail & { lastest_subscription?: TLatestSubscription | null }>(
    api,
    `/ads/id/${adId}?load=lastest_subscription`,
  );
  return ad.lastest_subscription ?? null;
}
