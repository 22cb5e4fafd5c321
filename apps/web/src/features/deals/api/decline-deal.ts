import type { TDeal } from "@waterside/shared/deals";
import { apiData, jsonBody, type ApiTransport } from "~/lib/api-client";

/** POST /deals/{id}/decline (deals): the seller refuses the deal before it is paid. */
export const declineDeal = (api: ApiTransport, id: number) => apiData<TDeal>(api, `/deals/${id}/decline`, jsonBody({}));
