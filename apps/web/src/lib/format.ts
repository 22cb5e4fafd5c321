/** Spec §9: prices are shown without decimals, in dollars. */
const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });
export const formatPrice = (price: number) => usd.format(price);

const day = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
const month = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });

/** Spec §8: a missing date reads 'Date not available'. */
export function formatDate(iso: string | null | undefined, style: "day" | "month" = "day"): string {
  const date = iso ? new Date(iso) : undefined;
  if (!date || Number.isNaN(date.getTime())) return "Date not available";
  return (style === "day" ? day : month).format(date);
}

/**
 * An amount paid, with its cents when it has any: boost package prices (USD per month, second document §1) and
 * Mobile Money payments in the MTN account's currency.
 */
export function formatMoney(amount: number, currency = "USD"): string {
  try {
    const cents = Number.isInteger(amount) ? 0 : 2;
    return new Intl.NumberFormat("en-US", {
      style: "currency",
      currency,
      minimumFractionDigits: cents,
      maximumFractionDigits: cents,
    }).format(amount);
  } catch {
    // A currency code Intl does not know still reads as an amount.
    return `${amount} ${currency}`;
  }
}
