import { z } from "zod";

/**
 * The US$→L$ exchange rate (issue 30): admins set it from the Central Bank of Liberia's daily figure; every change is
 * kept (the history) and audited. Prices in L$ are compared, filtered and sorted with US$ at the rate in force.
 */

export const EXCHANGE_RATE_MESSAGES = {
  rateRequired: "Enter how many Liberian dollars one US dollar buys.",
  rateInvalid: "The rate must be a number above 0 and below 10,000, with at most 4 decimals.",
  noteTooLong: "The note may not be greater than 200 characters.",
  saved: "Exchange rate saved.",
  noRate: "No exchange rate is set yet.",
} as const;

/** GET /exchange-rates/latest: Liberian dollars for one US dollar, and when the rate was set. */
export const ZExchangeRate = z.object({ usd_lrd: z.number(), updated_at: z.string() });
export type TExchangeRate = z.infer<typeof ZExchangeRate>;

/** POST /admin/exchange-rates: a new rate (a new row of the history), with where it comes from. */
export const ZSetExchangeRate = z.object({
  usd_lrd: z.coerce
    .number({ message: EXCHANGE_RATE_MESSAGES.rateRequired })
    .gt(0, EXCHANGE_RATE_MESSAGES.rateInvalid)
    .lt(10_000, EXCHANGE_RATE_MESSAGES.rateInvalid)
    .refine((rate) => Math.round(rate * 10_000) === rate * 10_000, EXCHANGE_RATE_MESSAGES.rateInvalid),
  note: z.string().trim().max(200, EXCHANGE_RATE_MESSAGES.noteTooLong).optional(),
});
export type TSetExchangeRate = z.infer<typeof ZSetExchangeRate>;

/** GET /admin/exchange-rates?page: the history, newest first. */
export const ZAdminExchangeRate = z.object({
  id: z.number().int(),
  usd_lrd: z.number(),
  note: z.string(),
  admin: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
});
export type TAdminExchangeRate = z.infer<typeof ZAdminExchangeRate>;
