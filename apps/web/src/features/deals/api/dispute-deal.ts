import type { TDeal } from "@waterside/shared/deals";
import type { TDealDisputeReason } from "@waterside/shared/deals-messages";
import { apiData, jsonBody, type ApiTransport } from "~/lib/api-client";

/** POST /deals/{id}/dispute {reason, details} (deals): either party freezes the deal for the team to decide. */
export const disputeDeal = (api: ApiTransport, id: number, dispute: { reason: TDealDisputeReason; details: string }) =>
  apiData<TDeal>(api, `/deals/${id}/dispute`, jsonBody(dispute));
