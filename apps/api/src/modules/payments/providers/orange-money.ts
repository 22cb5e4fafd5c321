import { BRAND } from "@waterside/shared/brand";
import type { TCurrency } from "@waterside/shared/money";
import { orangeReasonText } from "@waterside/shared/orange-reasons";
import { ZRequestOrangePayment } from "@waterside/shared/payments";
import { z } from "zod";
import { createPawapayClient, PawapayError, type DepositStatus, type PawapayConfig } from "../../../lib/pawapay.ts";
import {
  ProviderError,
  type PaymentProviderClient,
  type PaymentProviderDefinition,
  type PayoutProviderClient,
  type ProviderAnswer,
} from "./provider.ts";

/** Orange Money Liberia through pawaPay's deposits API v2 (decision 085; `lib/pawapay.ts` speaks its HTTP). */
export const orangeMoney: PaymentProviderDefinition = {
  id: "orange_money",
  slug: "orange-money",
  name: "Orange Money",
  requestBody: ZRequestOrangePayment,
  callback: {
    // pawaPay POSTs the final deposit to the URL set in its dashboard.
    methods: ["POST"],
    // pawaPay's body: the deposit (depositId, status, amount, currency, failureReason …); only depositId is read.
    body: z.looseObject({ depositId: z.string().max(64).optional() }).optional(),
    summary: "pawaPay's deposit callback: its body is not believed, its depositId only says which payment to ask about",
    paymentIdOf: (body) => (body as { depositId?: string } | undefined)?.depositId,
  },
  reasonText: orangeReasonText,
};

const providerError = (error: unknown) =>
  error instanceof PawapayError ? new ProviderError(error.message, error.code, error.retryable) : error;

/** A deposit's or payout's status at pawaPay, as the protocol reads answers. */
function answerOf(found: DepositStatus): ProviderAnswer {
  if (found.status === "NOT_FOUND") return { status: "NOT_FOUND" };
  if (found.status === "COMPLETED") {
    return {
      status: "SUCCESSFUL",
      amount: found.amount,
      currency: found.currency,
      transactionId: found.providerTransactionId,
    };
  }
  if (found.status === "FAILED") return { status: "FAILED", reason: found.failureCode };
  // ACCEPTED, ENQUEUED, PROCESSING, IN_RECONCILIATION, or a status added later: not final, asked again, never guessed.
  return { status: "PENDING" };
}

const accountCurrencies = (config: PawapayConfig) =>
  config.currencies.filter((code): code is TCurrency => code === "USD" || code === "LRD");

/** A pawaPay account's Orange Money deposits, in the currencies the account takes (ORANGE_CURRENCIES). */
export function orangeMoneyClient(
  config: PawapayConfig,
  options?: Parameters<typeof createPawapayClient>[1],
): PaymentProviderClient {
  const pawapay = createPawapayClient(config, options);
  return {
    currencies: accountCurrencies(config),
    currencyCode: (currency) => currency,
    async request(payment) {
      try {
        // DUPLICATE_IGNORED (pawaPay has this depositId already) is our own earlier request: it resolves too.
        await pawapay.initiateDeposit({
          depositId: payment.id,
          amount: payment.amount,
          currency: payment.currency,
          phone: payment.phone,
          customerMessage: `${BRAND} ${payment.packageName}`,
        });
      } catch (error) {
        throw providerError(error);
      }
    },
    async status(paymentId) {
      try {
        return answerOf(await pawapay.checkDeposit(paymentId));
      } catch (error) {
        throw providerError(error);
      }
    },
  };
}

/** The same pawaPay account's Orange Money payouts (decision 100), from its wallet in the account's currencies. */
export function orangeMoneyPayoutClient(
  config: PawapayConfig,
  options?: Parameters<typeof createPawapayClient>[1],
): PayoutProviderClient {
  const pawapay = createPawapayClient(config, options);
  return {
    currencies: accountCurrencies(config),
    currencyCode: (currency) => currency,
    async payout(payout) {
      try {
        // DUPLICATE_IGNORED (pawaPay has this payoutId already) is our own earlier payout: it resolves too.
        await pawapay.initiatePayout({
          payoutId: payout.id,
          amount: payout.amount,
          currency: payout.currency,
          phone: payout.phone,
          customerMessage: `${BRAND} ${payout.note}`,
        });
      } catch (error) {
        throw providerError(error);
      }
    },
    async payoutStatus(payoutId) {
      try {
        return answerOf(await pawapay.checkPayout(payoutId));
      } catch (error) {
        throw providerError(error);
      }
    },
  };
}
