import type { TAdFilters, TAdListItem } from "@waterside/shared/ads";
import type { TPaged } from "@waterside/shared/api-envelope";
import { apiData, type ApiTransport } from "~/lib/api-client";

export const getAds = (api: ApiTransport, filters: TAdFilters) =>
  apiData<TPaged<TAdListItem>>(api, "/ads/get", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(filters),
  });
