import type { TDeal } from "@waterside/shared/deals";
import { apiData, jsonBody, type ApiTransport } from "~/lib/api-client";

/**
 * POST /deals/{id}/confirm (deals): the buyer has the item and the money goes to the seller; for a cash deal, with the
 * code the seller shows them.
 */
export const confirmDeal = (api: ApiTransport, id: number, code?: string) =>
  apiData<TDeal>(api, `/deals/${id}/confirm`, jsonBody(code === undefined ? {} : { code }));
