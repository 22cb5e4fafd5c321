import type { TCounty } from "@waterside/shared/catalog";
import { apiData, type ApiTransport } from "~/lib/api-client";

/** GET /locations (catalog): counties and their areas. The search bar's place picker and sell's Location. */
export const getLocations = (api: ApiTransport) => apiData<TCounty[]>(api, "/locations");
