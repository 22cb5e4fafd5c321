import type { TPerformance } from "@waterside/shared/analytics";
import { apiData, type ApiTransport } from "~/lib/api-client";

/** GET /analytics/performance (analytics): the Performance tab's totals, days and top ads (spec §7: startTime, endTime). */
export function getPerformance(api: ApiTransport, range: { startTime?: string; endTime?: string } = {}) {
  const query = new URLSearchParams();
  if (range.startTime) query.set("startTime", range.startTime);
  if (range.endTime) query.set("endTime", range.endTime);
  return apiData<TPerformance>(api, `/analytics/performance${query.size ? `?${query}` : ""}`);
}
