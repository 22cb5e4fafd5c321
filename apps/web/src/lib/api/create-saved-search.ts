import type { TSavedSearch, TSavedSearchCreate } from "@waterside/shared/saved-searches";
import { apiData, jsonBody, type ApiTransport } from "../api-client";

/** POST /saved-searches (issue 29): from any listing's "Save search" (components/save-search-button.tsx). */
export const createSavedSearch = (api: ApiTransport, search: TSavedSearchCreate) =>
  apiData<TSavedSearch>(api, "/saved-searches", jsonBody(search));
