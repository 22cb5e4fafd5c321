import type { TPaged } from "@waterside/shared/api-envelope";
import type { TDeal } from "@waterside/shared/deals";
import type { TDealRole, TDealStatus } from "@waterside/shared/deals-messages";
import { apiData, type ApiTransport } from "~/lib/api-client";

export interface DealFilters {
  status?: TDealStatus;
  role?: TDealRole;
}

/** GET /deals (deals): the reader's deals, newest first, by state and by whether they bought or sold. */
export function getDeals(api: ApiTransport, filters: DealFilters, page: number) {
  const query = new URLSearchParams({ page: String(page) });
  if (filters.status) query.set("status", filters.status);
  if (filters.role) query.set("role", filters.role);
  return apiData<TPaged<TDeal>>(api, `/deals?${query}`);
}
