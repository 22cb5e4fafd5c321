import type { TExchangeRate } from "@waterside/shared/exchange-rates";
import { useRouteLoaderData } from "react-router";
import type { ApiTransport } from "./api-client";
import { getLatestExchangeRate } from "./api/get-latest-exchange-rate";

/** What the root loader gives every page of the rate (root.tsx). */
interface RootRate {
  exchangeRate: TExchangeRate | null;
}

/**
 * The rate every page's prices are shown at (issue 30), read once by the root loader: a US$ ad's "≈ L$" on any card
 * needs it, and the root loader runs with a page's first load and again only when its address's query changes. The
 * API keeps the answer a minute (decision 086). Null before an admin set a rate, or when it cannot be read: a price
 * then shows without its L$ value rather than the page failing.
 */
export async function loadExchangeRate(api: ApiTransport): Promise<RootRate> {
  return { exchangeRate: await getLatestExchangeRate(api).catch(() => null) };
}

/** The US$→L$ rate in force as the page was loaded, or null when none is known. */
export const useExchangeRate = () => (useRouteLoaderData("root") as RootRate | undefined)?.exchangeRate ?? null;
