import type { TSubscription } from "@waterside/shared/payments";
import type { TPackageType } from "@waterside/shared/payments-messages";
import { apiData, jsonBody, type ApiTransport } from "~/lib/api-client";

/**
 * POST /subscriptions/cancel (payments): stops a running boost or business plan at once, without refund; it stays
 * listed as canceled (second document §4 "Subscription status", §7).
 */
export const cancelSubscription = (api: ApiTransport, subscription: { id: number; type: TPackageType }) =>
  apiData<TSubscription>(api, "/subscriptions/cancel", jsonBody(subscription));
