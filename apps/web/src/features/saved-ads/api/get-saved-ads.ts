import type { TPaged } from "@waterside/shared/api-envelope";
import type { TSavedAdListItem } from "@waterside/shared/saved-ads";
import { apiData, type ApiTransport } from "~/lib/api-client";

/**
 * GET /ads/saved/search (saved-ads): a page of the user's saved ads, newest saved first, searchable by title; each
 * with `was_price` when its price dropped since the user saw it (issue 29).
 */
export function getSavedAds(api: ApiTransport, { search, page }: { search?: string; page: string }) {
  const query = new URLSearchParams();
  if (search) query.set("search", search);
  query.set("page", page);
  return apiData<TPaged<TSavedAdListItem>>(api, `/ads/saved/search?${query}`);
}
