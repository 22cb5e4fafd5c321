import type { TPaged } from "@waterside/shared/api-envelope";
import type { TSubscription } from "@waterside/shared/payments";
import { SUBSCRIPTIONS_PAGE, type TPackageType, type TSubscriptionStatus } from "@waterside/shared/payments-messages";
import { apiData, type ApiTransport } from "~/lib/api-client";

export interface SubscriptionsQuery {
  type: TPackageType;
  page?: number;
  status?: TSubscriptionStatus;
  /** YYYY-MM-DD; the end is on or after the start (second document §5 "Subscription filter"). */
  start_date?: string;
  end_date?: string;
}

/**
 * GET /subscriptions (payments): a page of the user's ad boosts or business plans, newest first, 10 a page
 * (second document §7, §9); the next page exists while `next_page_url` is set.
 */
export function getSubscriptions(api: ApiTransport, query: SubscriptionsQuery) {
  const params = new URLSearchParams({ per_page: String(SUBSCRIPTIONS_PAGE) });
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== "") params.set(key, String(value));
  return apiData<TPaged<TSubscription>>(api, `/subscriptions?${params}`);
}
