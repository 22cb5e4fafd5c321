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
