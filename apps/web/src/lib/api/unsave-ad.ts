import { IDEMPOTENCY_HEADER } from "@waterside/shared/idempotency-messages";
import { apiData, type ApiTransport } from "~/lib/api-client";

/**
 * DELETE /ads/saved/{adId} (saved-ads): undo a save (docs/decisions/020-saved-ads.md: the id is the ad's), applied
 * once per key (decision 104).
 */
export const unsaveAd = (api: ApiTransport, adId: number, idempotencyKey: string) =>
  apiData(api, `/ads/saved/${adId}`, { method: "DELETE", headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
