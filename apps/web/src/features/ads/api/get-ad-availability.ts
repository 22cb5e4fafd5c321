import { apiData, type ApiTransport } from "~/lib/api-client";

export type AdAvailability = "available" | "gone" | "unknown";

/**
 * GET /ads/id/{id}/availability (ads): whether the link of an ad the page cannot show leads to an ad that is gone
 * (deleted, hidden, its seller banned) or to none ever posted; the ad page answers 410 or 404 with it (decision 059).
 */
export const getAdAvailability = async (api: ApiTransport, id: number | string) =>
  (await apiData<{ state: AdAvailability }>(api, `/ads/id/${id}/availability`)).state;
