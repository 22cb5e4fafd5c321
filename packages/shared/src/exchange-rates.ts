import { z } from "zod";
import { zPage } from "./ids.ts";

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

/**
 * A rate as a form or a JSON client sends it: a number, or its decimal digits ("192.50"). Anything else (`true`, `[5]`,
 * " ") reaches the number check unchanged and is refused there, where `z.coerce.number` would read `true` as 1.
 */
const fromDecimalText = (value: unknown) =>
  typeof value === "string" && /^\s*-?(\d+(\.\d*)?|\.\d+)\s*$/.test(value) ? Number(value) : value;

/** POST /admin/exchange-rates: a new rate (a new row of the history), with where it comes from. */
export const ZSetExchangeRate = z.object({
  usd_lrd: z.preprocess(
    fromDecimalText,
    z
      .number({ message: EXCHANGE_RATE_MESSAGES.rateRequired })
      .gt(0, { message: EXCHANGE_RATE_MESSAGES.rateInvalid, abort: true })
      .lt(10_000, { message: EXCHANGE_RATE_MESSAGES.rateInvalid, abort: true })
      // `rate * 10_000` is not whole for 1.1 in floating point; the number written with 4 decimals is exact.
      .refine((rate) => Number(rate.toFixed(4)) === rate, EXCHANGE_RATE_MESSAGES.rateInvalid),
  ),
  note: z.string().trim().max(200, EXCHANGE_RATE_MESSAGES.noteTooLong).optional(),
});
export type TSetExchangeRate = z.infer<typeof ZSetExchangeRate>;

/** GET /admin/exchange-rates?page: the history, newest first. */
export const ZAdminExchangeRate = z.object({
  id: z.number().int(),
  usd_lrd: z.number(),
  note: z.string(),
  /** The rate this one replaced (the row before it), for the history's change; null for the first. */
  previous_usd_lrd: z.number().nullable(),
  admin: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
});
export type TAdminExchangeRate = z.infer<typeof ZAdminExchangeRate>;

export const ZAdminExchangeRatesQuery = z.object({ page: zPage().optional() });
