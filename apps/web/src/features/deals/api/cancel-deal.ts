import type { TDeal } from "@waterside/shared/deals";
import { apiData, jsonBody, type ApiTransport } from "~/lib/api-client";

/** POST /deals/{id}/cancel (deals): the buyer gives the deal up before paying. */
export const cancelDeal = (api: ApiTransport, id: number) => apiData<TDeal>(api, `/deals/${id}/cancel`, jsonBody({}));
