import type { TSavedSearch, TSavedSearchUpdate } from "@waterside/shared/saved-searches";
import { apiData, jsonBody, type ApiTransport } from "~/lib/api-client";

// POST /saved-searches is lib/api/create-saved-search.ts (every listing's "Save search" calls it), and
// POST /saved-searches/{id}/seen lib/api/mark-saved-search-seen.ts (the listing a search opens marks it seen).

/** GET /saved-searches: the user's, each with its new_count. */
export const getSavedSearches = (api: ApiTransport) => apiData<TSavedSearch[]>(api, "/saved-searches");

/** PATCH /saved-searches/{id}. */
export const updateSavedSearch = (api: ApiTransport, id: number, changes: TSavedSearchUpdate) =>
  apiData<TSavedSearch>(api, `/saved-searches/${id}`, jsonBody(changes, "PATCH"));

/** DELETE /saved-searches/{id}. */
export const deleteSavedSearch = (api: ApiTransport, id: number) =>
  apiData<unknown>(api, `/saved-searches/${id}`, { method: "DELETE" });
