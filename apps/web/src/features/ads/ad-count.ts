import type { TPaged } from "@waterside/shared/api-envelope";
import { AD_TOTAL_EXACT_LIMIT } from "@waterside/shared/ads-messages";

/** "1 ad", "12 ads", or "1,000+ ads" past what the API counts. */
export function adCount({ total, total_is_lower_bound }: Pick<TPaged<unknown>, "total" | "total_is_lower_bound">) {
  if (total_is_lower_bound) return `${AD_TOTAL_EXACT_LIMIT.toLocaleString("en")}+ ads`;
  return `${total.toLocaleString("en")} ${total === 1 ? "ad" : "ads"}`;
}
