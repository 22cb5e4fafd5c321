import type { TDeal } from "@waterside/shared/deals";
import { apiData, jsonBody, type ApiTransport } from "~/lib/api-client";

/**
 * POST /deals/{id}/release {code} (deals): the seller enters the buyer's code and the money goes to them. A wrong code
 * is a 422 under `code`; too many pause code entry (429).
 */
export const releaseDeal = (api: ApiTransport, id: number, code: string) =>
  apiData<TDeal>(api, `/deals/${id}/release`, jsonBody({ code }));
