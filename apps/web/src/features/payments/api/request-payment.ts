import { apiData, jsonBody, type ApiTransport } from "~/lib/api-client";

/**
 * POST /payments/momo (payments): asks MTN Mobile Money to charge the phone for a package (second document §4
 * "Payment flow" step 1). No ad for a business plan. The amount is the package's, on the server.
 */
export const requestPayment = (
  api: ApiTransport,
  payment: { phone_number: string; package_id: number; ad_id?: number },
) => apiData<{ transaction_id: string }>(api, "/payments/momo", jsonBody(payment));
