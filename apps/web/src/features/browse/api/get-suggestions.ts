import type { TSuggestion } from "@waterside/shared/ads";
import { apiData, browserTransport } from "~/lib/api-client";

export const getSuggestions = (search: string, signal?: AbortSignal) =>
  apiData<TSuggestion[]>(browserTransport, `/ads/search?search=${encodeURIComponent(search)}`, { signal });
