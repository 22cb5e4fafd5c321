import type { TPaged } from "@waterside/shared/api-envelope";
import type { TAdminExchangeRate } from "@waterside/shared/exchange-rates";
import { apiData, type ApiTransport } from "~/lib/api-client";

/** GET /admin/exchange-rates (admin): the US$→L$ rate's history, newest first, each row with the rate it replaced. */
export const getExchangeRates = (api: ApiTransport, page: number) =>
  apiData<TPaged<TAdminExchangeRate>>(api, `/admin/exchange-rates?page=${page}`);
