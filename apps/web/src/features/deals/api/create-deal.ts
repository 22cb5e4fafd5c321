import type { TDealCreated } from "@waterside/shared/deals";
import type { TCurrency } from "@waterside/shared/money";
import { apiData, jsonBody, type ApiTransport } from "~/lib/api-client";

/**
 * POST /deals (deals): starts a safe deal on an ad and asks the buyer's wallet (told by the number) to pay its amount;
 * the answer's `transaction_id` is followed like a boost's payment (GET /payments/{wallet}/status/{id}/ad).
 */
export const createDeal = (
  api: ApiTransport,
  deal: { ad_id: number; amount: number; currency: TCurrency; phone_number: string },
) => apiData<TDealCreated>(api, "/deals", jsonBody(deal));
