import type { TCounty } from "@waterside/shared/catalog";
import { apiData, type ApiTransport } from "~/lib/api-client";

export const getLocations = (api: ApiTransport) => apiData<TCounty[]>(api, "/locations");
