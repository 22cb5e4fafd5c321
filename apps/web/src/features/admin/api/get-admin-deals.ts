import type { TPaged } from "@waterside/shared/api-envelope";
import type { TAdminDeal } from "@waterside/shared/deals";
import { apiData, type ApiTransport } from "~/lib/api-client";
import { queryString } from "./query-string";

/**
 * GET /admin/deals (admin, deals): the disputes queue by default; `status` another state, `ledger_difference=true`
 * the deals whose ledger the reconciliation found not to balance.
 */
export const getAdminDeals = (api: ApiTransport, query: Record<string, string | number | undefined>) =>
  apiData<TPaged<TAdminDeal>>(api, `/admin/deals?${queryString(query)}`);
