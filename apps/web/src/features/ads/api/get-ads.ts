import type { TAdFilters, TAdListItem } from "@waterside/shared/ads";
import type { TPaged } from "@waterside/shared/api-envelope";
import { toAdCard, type TAdCard } from "~/components/ads/ad-card-data";
import { apiData, jsonBody, type ApiTransport } from "~/lib/api-client";

/** POST /ads/get (ads): a page of public ads, whole (the sitemap; lists use getAdCards). */
export const getAds = (api: ApiTransport, filters: TAdFilters) =>
  apiData<TPaged<TAdListItem>>(api, "/ads/get", jsonBody(filters));

/** A list's ads as its cards show them (components/ads/ad-card-data.ts): what a server-rendered list sends the page. */
export async function getAdCards(api: ApiTransport, filters: TAdFilters): Promise<TPaged<TAdCard>> {
  const page = await getAds(api, filters);
  return { ...page, data: page.data.map(toAdCard) };
}
