import type { TPaymentStatus } from "@waterside/shared/payments";
import type { TPackageType, TPaymentProvider } from "@waterside/shared/payments-messages";
import { apiData, type ApiTransport } from "~/lib/api-client";

/** Each wallet's status call; both answer the same shape (issue 30). */
const STATUS_PATHS: Record<TPaymentProvider, string> = {
  mtn_momo: "/payments/momo/status",
  orange_money: "/payments/orange-money/status",
};

/**
 * GET /payments/{momo|orange-money}/status/{transaction_id}/{type} (payments): completed, failed with the wallet's
 * reason in plain words, or still pending (second document §4 "Payment flow" step 3). The API asks the provider at
 * once while it is open. The wallet is the one the payment was requested from.
 */
export const getPaymentStatus = (
  api: ApiTransport,
  wallet: TPaymentProvider,
  transactionId: string,
  type: TPackageType,
) => apiData<TPaymentStatus>(api, `${STATUS_PATHS[wallet]}/${encodeURIComponent(transactionId)}/${type}`);
