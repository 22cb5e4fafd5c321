import type { TPaymentStatus } from "@waterside/shared/payments";
import type { TPackageType } from "@waterside/shared/payments-messages";
import { apiData, type ApiTransport } from "~/lib/api-client";

/**
 * GET /payments/momo/status/{transaction_id}/{type} (payments): completed, failed with MTN's reason in plain words,
 * or still pending (second document §4 "Payment flow" step 3). The API asks MTN at once while it is open.
 */
export const getPaymentStatus = (api: ApiTransport, transactionId: string, type: TPackageType) =>
  apiData<TPaymentStatus>(api, `/payments/momo/status/${encodeURIComponent(transactionId)}/${type}`);
