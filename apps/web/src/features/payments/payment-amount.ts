import type { TPayment } from "@waterside/shared/payments";
import { CURRENCIES, CURRENCY_SYMBOLS, type TCurrency } from "@waterside/shared/money";
import { formatMoney } from "~/lib/format";

const twoDecimals = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

const isCurrency = (code: string): code is TCurrency => (CURRENCIES as readonly string[]).includes(code);

/** "US$ 25.00", "L$ 4,750.00": an amount paid, as Liberia writes its two dollars, with its cents (a receipt's figure). */
export const formatPaid = (amount: number, currency: TCurrency) =>
  `${CURRENCY_SYMBOLS[currency]} ${twoDecimals.format(amount)}`;

/**
 * What a payment charged (issue 30): "US$ 25.00", or for Liberian dollars the amount, the package's US$ price and the
 * rate it was converted at, "L$ 4,750.00 (US$ 25.00 at L$ 190.00)". A payment in another currency (an MTN account
 * set up in one, decision 048) keeps that currency's own writing.
 */
export function paymentAmount(payment: Pick<TPayment, "amount" | "currency" | "amount_usd" | "usd_lrd">): string {
  const { amount, currency, amount_usd, usd_lrd } = payment;
  if (!isCurrency(currency)) return formatMoney(amount, currency);
  const paid = formatPaid(amount, currency);
  if (currency === "USD") return paid;
  const rate = usd_lrd === null ? "" : ` at ${formatPaid(usd_lrd, "LRD")}`;
  return `${paid} (${formatPaid(amount_usd, "USD")}${rate})`;
}
