import type { TAnalyticsHistory, TAnalyticsRange } from "@waterside/shared/analytics";
import { apiData, type ApiTransport } from "~/lib/api-client";

/**
 * GET /analytics/ad/{id}/history (analytics): the owner's views, saves, clicks and contacts of one ad for every day
 * of the range (the last 30 days without one), read under `statistics`.
 */
export function getAdHistory(api: ApiTransport, adId: number, range: TAnalyticsRange = {}) {
  const query = new URLSearchParams();
  if (range.start_date) query.set("start_date", range.start_date);
  if (range.end_date) query.set("end_date", range.end_date);
  return apiData<TAnalyticsHistory>(api, `/analytics/ad/${adId}/history${query.size ? `?${query}` : ""}`);
}
