import { apiData, type ApiTransport } from "../api-client";

/**
 * POST /saved-searches/{id}/seen (issue 29): a listing opened from a saved search (its `saved_search` parameter, from
 * an alert or the profile's Saved searches) marks the search's matches seen.
 */
export const markSavedSearchSeen = (api: ApiTransport, id: number) =>
  apiData<unknown>(api, `/saved-searches/${id}/seen`, { method: "POST" });
