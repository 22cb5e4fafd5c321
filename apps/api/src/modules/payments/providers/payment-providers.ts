import type { TPaymentProvider } from "@waterside/shared/payments-messages";
import { mtnMomo } from "./mtn-momo.ts";
import { orangeMoney } from "./orange-money.ts";
import type { PaymentProviderDefinition } from "./provider.ts";

/** Every wallet provider a payment can go through (issue 30): the routes are registered for each. */
export const PAYMENT_PROVIDER_DEFINITIONS: Record<TPaymentProvider, PaymentProviderDefinition> = {
  mtn_momo: mtnMomo,
  orange_money: orangeMoney,
};
