import type { TAdDetail } from "@waterside/shared/ads";
import { apiData, type ApiTransport } from "~/lib/api-client";

/**
 * GET /ads/id/{id} (ads): one ad. The ad page reads it as a visitor; the sell wizard reads the seller's own ad
 * with its latest subscription (spec selling §2).
 */
export const getAd = (api: ApiTransport, id: number | string, options: { load?: "lastest_subscription" } = {}) =>
  apiData<TAdDetail>(api, `/ads/id/${id}${options.load ? `?load=${options.load}` : ""}`);
