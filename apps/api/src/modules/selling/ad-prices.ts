import type { TCurrency } from "@waterside/shared/money";
import { SELLING_MESSAGES } from "@waterside/shared/selling-messages";
import type { Database, Transaction } from "../../db/database.ts";
import { HttpError } from "../../plugins/errors.ts";
import { findLatestRate } from "../exchange-rates/latest-rate.ts";

/**
 * An amount in `currency` as US$ at `usdLrd` Liberian dollars a dollar, to the cent (decisions 088, 093): what an L$
 * ad's `price` holds when written, and what an L$ price filter's bounds become. Rounded as PostgreSQL's
 * round(numeric, 2) rounds `usdPriceOf` in the lists (half away from zero; the amounts are never negative), on the
 * quotient's 15 significant digits so that binary fractions do not tip a half cent.
 */
export function usdValue(amount: number, currency: TCurrency, usdLrd: number): number {
  if (currency === "USD") return amount;
  return Math.round(Number(((amount / usdLrd) * 100).toPrecision(15))) / 100;
}

/**
 * The rate in force for converting an L$ amount named by `field`; a 422 on that field before any rate is set, since
 * an L$ amount cannot then be given a US$ value (decision 088).
 */
export async function rateForLrd(db: Database | Transaction, field: string): Promise<number> {
  const rate = await findLatestRate(db);
  if (!rate) throw new HttpError(422, SELLING_MESSAGES.currencyNoRate, { [field]: [SELLING_MESSAGES.currencyNoRate] });
  return rate.usd_lrd;
}
