import type { TPaged } from "@waterside/shared/api-envelope";
import { AD_TOTAL_EXACT_LIMIT } from "@waterside/shared/ads-limits";

/** "1 ad", "12 ads", or "1,000+ ads" when the total is the API's estimate past what it counts exactly. */
export function adCount({ total, total_is_estimate }: Pick<TPaged<unknown>, "total" | "total_is_estimate">) {
  if (total_is_estimate) return `${AD_TOTAL_EXACT_LIMIT.toLocaleString("en")}+ ads`;
  return `${total.toLocaleString("en")} ${total === 1 ? "ad" : "ads"}`;
}
