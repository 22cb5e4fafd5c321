import { IDEMPOTENCY_HEADER } from "@waterside/shared/idempotency-messages";
import { apiData, jsonBody, type ApiTransport } from "~/lib/api-client";

/**
 * POST /ads/saved (saved-ads): the heart on a card or the ad page. The key makes a repeat (a queued save sent again)
 * a no-op on the server (decision 104).
 */
export const saveAd = (api: ApiTransport, adId: number, idempotencyKey: string) => {
  const request = jsonBody({ ad_id: adId });
  return apiData(api, "/ads/saved", {
    ...request,
    headers: { ...request.headers, [IDEMPOTENCY_HEADER]: idempotencyKey },
  });
};
