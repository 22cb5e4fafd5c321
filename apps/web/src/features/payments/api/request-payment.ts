import type { TCurrency } from "@waterside/shared/money";
import type { TPaymentProvider } from "@waterside/shared/payments-messages";
import { apiData, jsonBody, type ApiTransport } from "~/lib/api-client";

/** Each wallet's request call; both take the same body and answer the same way (issue 30). */
const REQUEST_PATHS: Record<TPaymentProvider, string> = {
  mtn_momo: "/payments/momo",
  orange_money: "/payments/orange-money",
};

/**
 * POST /payments/momo or /payments/orange-money (payments): asks the wallet the number belongs to to charge it for a
 * package (second document §4 "Payment flow" step 1). No ad for a business plan. The amount is the package's, on the
 * server; `currency` LRD charges it in Liberian dollars at the rate of the moment. A 422 under `currency` says it
 * cannot be paid so: no rate is set, or the wallet's account is kept in the other currency.
 */
export const requestPayment = (
  api: ApiTransport,
  wallet: TPaymentProvider,
  payment: { phone_number: string; package_id: number; ad_id?: number; currency?: TCurrency },
) => apiData<{ transaction_id: string }>(api, REQUEST_PATHS[wallet], jsonBody(payment));
