import type { TAdminExchangeRate } from "@waterside/shared/exchange-rates";
import { apiData, jsonBody, type ApiTransport } from "~/lib/api-client";

/** A new rate as its form holds it: the text typed, which the API reads with ZSetExchangeRate ("192.50"). */
export type RateFormValues = { usd_lrd: string; note: string };

/** POST /admin/exchange-rates (admin, audited): a new rate in force, a new row of the history; 422 under its fields. */
export const setExchangeRate = (api: ApiTransport, input: RateFormValues) =>
  apiData<TAdminExchangeRate>(api, "/admin/exchange-rates", jsonBody(input));
