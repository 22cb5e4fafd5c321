import type { TAdListItem } from "@waterside/shared/ads";
import type { TPaged } from "@waterside/shared/api-envelope";
import { apiData, type ApiTransport } from "~/lib/api-client";

/** GET /ads/saved/search (saved-ads): a page of the user's saved ads, newest saved first, searchable by title. */
export function getSavedAds(api: ApiTransport, { search, page }: { search?: string; page: string }) {
  const query = new URLSearchParams();
  if (search) query.set("search", search);
  query.set("page", page);
  return apiData<TPaged<TAdListItem>>(api, `/ads/saved/search?${query}`);
}
