import type { TDeal } from "@waterside/shared/deals";
import { apiData, jsonBody, type ApiTransport } from "~/lib/api-client";

/** POST /deals/{id}/handed-over (deals): the seller says the buyer has the item; it releases itself later. */
export const markDealHandedOver = (api: ApiTransport, id: number) =>
  apiData<TDeal>(api, `/deals/${id}/handed-over`, jsonBody({}));
