import { CURRENCY_SYMBOLS } from "@waterside/shared/money";

/** Rates are set to 4 decimals at most, and read with at least 2, as the Central Bank writes them. */
const rateNumber = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 4 });
const percent = new Intl.NumberFormat("en-US", {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: "exceptZero",
});

/** Liberian dollars for one US dollar, as Liberians write money: "L$ 192.50". */
export const formatRate = (usdLrd: number) => `${CURRENCY_SYMBOLS.LRD} ${rateNumber.format(usdLrd)}`;

/**
 * How a rate moved from the one it replaced: "+2.50 (+1.32%)", "−1.00 (−0.52%)", "No change"; null for the first rate
 * of the history. The difference is rounded to the rates' 4 decimals, so 0.1 + 0.2 style remainders never show.
 */
export function rateChange(usdLrd: number, previous: number | null): string | null {
  if (previous === null) return null;
  const difference = Math.round((usdLrd - previous) * 10_000) / 10_000;
  if (difference === 0) return "No change";
  const sign = difference > 0 ? "+" : "−";
  return `${sign}${rateNumber.format(Math.abs(difference))} (${percent.format((difference / previous) * 100).replace("-", "−")}%)`;
}
