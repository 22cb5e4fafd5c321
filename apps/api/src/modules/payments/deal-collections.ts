import type { TCurrency } from "@waterside/shared/money";
import { walletCurrencyError, type TPaymentProvider } from "@waterside/shared/payments-messages";
import { sql } from "drizzle-orm";
import type { Database, Transaction } from "../../db/database.ts";
import { fieldError } from "../../plugins/errors.ts";
import type { PaymentProtocol } from "./payment-protocol.ts";
import { findPayment } from "./payments.queries.ts";
import { PAYMENT_PROVIDER_DEFINITIONS } from "./providers/payment-providers.ts";

/** A safe deal's money to collect from its buyer (issue 33). */
export interface DealCollection {
  dealId: number;
  buyerId: number;
  adId: number;
  provider: TPaymentProvider;
  amount: number;
  currency: TCurrency;
  /** The amount's US$ value, and the rate it was converted at for an L$ deal. */
  amountUsd: number;
  usdLrd: number | null;
  phone: string;
}

/**
 * A safe deal's collection goes through the boosts' payment machinery (decision 048): its row is written in the deal's
 * own transaction, before the provider hears of it; the request, the checks, the callbacks and the reconciler are the
 * same; its settlement publishes `deal-payment.settled` instead of starting a boost (payment-states.ts).
 */
export function createDealCollections({ db, protocol }: { db: Database; protocol: PaymentProtocol }) {
  return {
    /** Refuses (503) a provider without an account, and (422 on `currency`) a currency its account does not hold. */
    checkWallet(provider: TPaymentProvider, currency: TCurrency) {
      const client = protocol.clientOf(provider);
      if (!client.currencies.includes(currency)) {
        throw fieldError("currency", walletCurrencyError(provider, client.currencies));
      }
    },

    /** Writes the collection in the deal's transaction; returns its id (the deal's `transaction_id`). */
    async write(tx: Transaction, collection: DealCollection) {
      const client = protocol.clientOf(collection.provider);
      const [payment] = await tx.execute<{ id: string }>(sql`
        insert into payments (id, user_id, package_id, ad_id, deal_id, type, provider, amount, currency, amount_usd,
          usd_lrd, phone_number, next_check_at)
        values (gen_random_uuid(), ${collection.buyerId}, null, ${collection.adId}, ${collection.dealId}, 'deal',
          ${collection.provider}, ${collection.amount}, ${client.currencyCode(collection.currency)},
          ${collection.amountUsd}, ${collection.usdLrd}, ${collection.phone}, now() + interval '30 seconds')
        returning id`);
      return payment!.id;
    },

    /**
     * Asks the provider to prompt the buyer, after the deal's commit. "refused": the provider said no for good (the
     * payment failed, and the deal with it), with the reason in the payer's words.
     */
    async send(paymentId: string) {
      const payment = (await findPayment(db, paymentId))!;
      const outcome = await protocol.sendRequest(payment);
      if (outcome !== "refused") return { outcome, reason: null };
      const failed = await findPayment(db, paymentId);
      return { outcome, reason: PAYMENT_PROVIDER_DEFINITIONS[payment.provider].reasonText(failed?.reason) };
    },
  };
}

export type DealCollections = ReturnType<typeof createDealCollections>;
