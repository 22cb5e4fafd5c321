import type { TCurrency } from "@waterside/shared/money";
import type { TRequestPayment } from "@waterside/shared/payments";
import type { TPaymentProvider } from "@waterside/shared/payments-messages";
import type { z } from "zod";

/**
 * What the payment state machine (`payment-protocol.ts`, `payment-states.ts`) needs of a wallet's provider (issue 30):
 * one adapter file per provider gives its routes' shape (`PaymentProviderDefinition`) and, once configured, its
 * client (`PaymentProviderClient`). The machine never knows whose protocol it speaks.
 */

/**
 * A call that gave no answer the machine can use. `retryable`: the provider may or may not hold the request (a
 * timeout, a 5xx), so the reconciler asks later and sends it again if the provider never got it; otherwise the
 * refusal is final (a payer the provider does not know, a bad setting) and the payment fails with `code`.
 */
export class ProviderError extends Error {
  override name = "ProviderError";
  constructor(
    message: string,
    readonly code: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

/** Where a payment stands at its provider. */
export type ProviderAnswer =
  /** The provider never got the request (nobody was charged): it is sent again, with the same id. */
  | { status: "NOT_FOUND" }
  | { status: "PENDING" }
  /** Paid: what was charged, for the machine to compare with what was asked. */
  | { status: "SUCCESSFUL"; amount: string; currency: string; transactionId?: string }
  | { status: "FAILED"; reason?: string };

/** A payment as a provider is asked for it: our id is its key there too. */
export interface ProviderPayment {
  /** payments.id, a UUID v4: the provider's reference, so a request sent twice is one payment. */
  id: string;
  amount: number;
  /** What the payments row says it is charged in (`currencyCode` of the chosen currency). */
  currency: string;
  /** MSISDN, digits with the country code. */
  phone: string;
  packageName: string;
}

/** A configured provider account. */
export interface PaymentProviderClient {
  /** The currencies a payer may choose with this account. */
  currencies: readonly TCurrency[];
  /**
   * The code the account is charged in for a chosen currency: the currency itself, except on MTN's sandbox, whose
   * test money is EUR (decision 048). Stored on the payment and compared with the provider's answer.
   */
  currencyCode(currency: TCurrency): string;
  /** Resolves once the provider holds the request: new, or our own earlier one with this id. Throws ProviderError. */
  request(payment: ProviderPayment): Promise<void>;
  /** Where the payment stands at the provider. Throws ProviderError. */
  status(paymentId: string): Promise<ProviderAnswer>;
}

/** A payout as a provider is asked for it (decision 100): our id is its key there too. */
export interface ProviderPayout {
  /** payouts.id, a UUID v4: the provider's reference (MTN's X-Reference-Id, pawaPay's payoutId), so one transfer. */
  id: string;
  amount: number;
  /** What the payouts row says it is paid in (`currencyCode` of the chosen currency). */
  currency: string;
  /** The payee's MSISDN, digits with the country code. */
  phone: string;
  /** Shown in the payee's history (cleaned to what the provider takes). */
  note: string;
}

/**
 * A configured account's payouts (decision 100): money sent from our account to a payee's wallet. Answers as
 * `PaymentProviderClient` does, so payouts run on the same protocol (`provider-protocol.ts`).
 */
export interface PayoutProviderClient {
  /** The currencies the account pays out in. */
  currencies: readonly TCurrency[];
  /** The code a chosen currency is paid in (MTN's sandbox: EUR), stored on the payout and compared with the answer. */
  currencyCode(currency: TCurrency): string;
  /** Resolves once the provider holds the payout: new, or our own earlier one with this id. Throws ProviderError. */
  payout(payout: ProviderPayout): Promise<void>;
  /** Where the payout stands at the provider. Throws ProviderError. */
  payoutStatus(payoutId: string): Promise<ProviderAnswer>;
}

/** The configured payouts of each provider; null: no payout account (its settings are not given), none go out there. */
export type PayoutProviderClients = Record<TPaymentProvider, PayoutProviderClient | null>;

/** A provider's face to payers and to the provider's servers: the same for every account, configured or not. */
export interface PaymentProviderDefinition {
  id: TPaymentProvider;
  /** The routes' segment: POST /payments/{slug}, GET /payments/{slug}/status/…, /payments/{slug}/callback. */
  slug: string;
  /** How receipts and the API document name it ("MTN Mobile Money"). */
  name: string;
  /** The request's body, with this wallet's phone rule. */
  requestBody: z.ZodType<TRequestPayment, unknown>;
  callback: {
    methods: Array<"PUT" | "POST">;
    /** The callback's body as the provider sends it; only the payment's id is read from it. */
    body: z.ZodType;
    summary: string;
    /** Our payment id named by a callback's body, if any: nothing else of the body is believed. */
    paymentIdOf(body: unknown): string | undefined;
  };
  /** A failure code in the payer's words. */
  reasonText(reason: string | null | undefined): string;
}

/** The configured client of each provider; null: no account (production without its settings), nothing paid there. */
export type PaymentProviderClients = Record<TPaymentProvider, PaymentProviderClient | null>;
