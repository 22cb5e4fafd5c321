import { BRAND } from "@waterside/shared/brand";
import { momoReasonText } from "@waterside/shared/momo-reasons";
import { ZRequestPayment } from "@waterside/shared/payments";
import { z } from "zod";
import {
  cleanMomoNote,
  createMomoClient,
  createMomoDisbursementClient,
  MomoError,
  type MomoConfig,
  type RequestToPayStatus,
  type TransferStatus,
} from "../../../lib/momo.ts";
import {
  ProviderError,
  type PaymentProviderClient,
  type PaymentProviderDefinition,
  type PayoutProviderClient,
  type ProviderAnswer,
} from "./provider.ts";

/** MTN Mobile Money through MTN's own Collections API (decision 048; `lib/momo.ts` speaks its HTTP). */
export const mtnMomo: PaymentProviderDefinition = {
  id: "mtn_momo",
  slug: "momo",
  name: "MTN Mobile Money",
  requestBody: ZRequestPayment,
  callback: {
    // MTN calls back with PUT on requests to pay, POST on some products: both are taken.
    methods: ["PUT", "POST"],
    // MTN's body: financialTransactionId, externalId, amount, currency, payer, status …; only externalId is read.
    body: z.looseObject({ externalId: z.string().max(64).optional() }).optional(),
    summary: "MTN's callback: its body is not believed, its externalId only says which payment to ask MTN about",
    paymentIdOf: (body) => (body as { externalId?: string } | undefined)?.externalId,
  },
  reasonText: momoReasonText,
};

const providerError = (error: unknown) =>
  error instanceof MomoError ? new ProviderError(error.message, error.code, error.retryable) : error;

/** MTN's status of a request to pay or a transfer, as the protocol reads answers. */
function answerOf(answer: RequestToPayStatus | TransferStatus): ProviderAnswer {
  if (answer.status === "SUCCESSFUL") {
    return {
      status: "SUCCESSFUL",
      amount: answer.amount,
      currency: answer.currency,
      transactionId: answer.financialTransactionId,
    };
  }
  if (answer.status === "FAILED") return { status: "FAILED", reason: answer.reason };
  return { status: answer.status };
}

/** MTN's sandbox knows only EUR, test money in which US$ amounts go as they are (decision 048). */
const accountCurrency = (config: MomoConfig) => (config.currency === "LRD" ? "LRD" : "USD");

/**
 * An MTN account. It holds one currency (MOMO_CURRENCY): US$ or L$ in Liberia. MTN's sandbox knows only EUR, test
 * money in which the US$ prices are charged as they are (decision 048), so there a payer chooses US$.
 */
export function mtnMomoClient(
  config: MomoConfig,
  options?: Parameters<typeof createMomoClient>[1],
): PaymentProviderClient {
  const momo = createMomoClient(config, options);
  return {
    currencies: [accountCurrency(config)],
    currencyCode: () => config.currency,
    async request(payment) {
      try {
        // A 409 (MTN has this reference id already) is our own earlier request whose 202 was lost: it resolves too.
        await momo.requestToPay({
          referenceId: payment.id,
          amount: payment.amount,
          externalId: payment.id,
          phone: payment.phone,
          payerMessage: cleanMomoNote(`${BRAND} ${payment.packageName}`),
          payeeNote: cleanMomoNote(`Boost ${payment.packageName} payment ${payment.id.slice(0, 8)}`),
        });
      } catch (error) {
        throw providerError(error);
      }
    },
    async status(paymentId) {
      try {
        return answerOf(await momo.getRequestToPayStatus(paymentId));
      } catch (error) {
        throw providerError(error);
      }
    },
  };
}

/**
 * The same MTN account's Disbursement product (decision 100), under its own credentials (MOMO_DISBURSEMENT_*): payouts
 * in the account's one currency.
 */
export function mtnMomoPayoutClient(
  config: MomoConfig,
  options?: Parameters<typeof createMomoDisbursementClient>[1],
): PayoutProviderClient {
  const momo = createMomoDisbursementClient(config, options);
  return {
    currencies: [accountCurrency(config)],
    currencyCode: () => config.currency,
    async payout(payout) {
      try {
        // A 409 (MTN has this reference id already) is our own earlier transfer whose 202 was lost: it resolves too.
        await momo.transfer({
          referenceId: payout.id,
          amount: payout.amount,
          externalId: payout.id,
          phone: payout.phone,
          payerMessage: cleanMomoNote(`Payout ${payout.id.slice(0, 8)}`),
          payeeNote: cleanMomoNote(`${BRAND} ${payout.note}`),
        });
      } catch (error) {
        throw providerError(error);
      }
    },
    async payoutStatus(payoutId) {
      try {
        return answerOf(await momo.getTransferStatus(payoutId));
      } catch (error) {
        throw providerError(error);
      }
    },
  };
}
