import type { TSuggestion } from "@waterside/shared/ads";
import { apiData, type ApiTransport } from "~/lib/api-client";

/** GET /ads/search (ads): title suggestions while typing in the search bar. */
export const getSuggestions = (api: ApiTransport, search: string, signal?: AbortSignal) =>
  apiData<TSuggestion[]>(api, `/ads/search?search=${encodeURIComponent(search)}`, { signal });
