import type { TModerationQueueItem } from "@waterside/shared/admin-moderation-queue";
import { apiData, type ApiTransport } from "~/lib/api-client";

/**
 * POST /admin/moderation-queue/{ad_id}/reviewed marks the ad reviewed (a second mark keeps the first);
 * DELETE takes the mark off (admin).
 */
export const setAdReviewed = (api: ApiTransport, adId: number, reviewed: boolean) =>
  apiData<TModerationQueueItem>(api, `/admin/moderation-queue/${adId}/reviewed`, {
    method: reviewed ? "POST" : "DELETE",
  });
