import type { TPriceGuide } from "@waterside/shared/price-guide";
import { apiData, type ApiTransport } from "~/lib/api-client";

/** GET /ads/price-guide (ads, decision 077): what live ads of the subcategory, and of its Brand/Model/Year, cost. */
export function getPriceGuide(
  api: ApiTransport,
  subcategoryId: number | string,
  attributes: Array<{ id: number; value: string }>,
) {
  const query = new URLSearchParams({ subcategory_id: String(subcategoryId) });
  if (attributes.length) query.set("attributes", JSON.stringify(attributes));
  return apiData<TPriceGuide>(api, `/ads/price-guide?${query}`);
}
