import type { TExchangeRate } from "@waterside/shared/exchange-rates";
import { apiData, type ApiTransport } from "~/lib/api-client";

/** GET /exchange-rates/latest (exchange-rates, decision 086): the US$→L$ rate in force; 404 until an admin set one. */
export const getLatestExchangeRate = (api: ApiTransport) => apiData<TExchangeRate>(api, "/exchange-rates/latest");
