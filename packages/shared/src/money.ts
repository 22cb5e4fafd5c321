/**
 * Liberia's two currencies (issue 30): US dollars, in which the spec's `price` and every package are counted, and
 * Liberian dollars, in which everyday goods are priced. No zod here: cards and the price field read it.
 */
export const CURRENCIES = ["USD", "LRD"] as const;
export type TCurrency = (typeof CURRENCIES)[number];

/** How a price is written in Liberia: "US$ 100", "L$ 18,700". */
export const CURRENCY_SYMBOLS: Record<TCurrency, string> = { USD: "US$", LRD: "L$" };
