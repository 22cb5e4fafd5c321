import type { TAdFilters, TAdListItem } from "@waterside/shared/ads";
import type { TPaged } from "@waterside/shared/api-envelope";
import { apiData, jsonBody, type ApiTransport } from "~/lib/api-client";

/** POST /ads/get (ads): a page of public ads. Home, listings, the ad page, seller profiles and the sitemap. */
export const getAds = (api: ApiTransport, filters: TAdFilters) =>
  apiData<TPaged<TAdListItem>>(api, "/ads/get", jsonBody(filters));
