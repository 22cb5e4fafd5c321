import type { TFeaturedBusiness } from "@waterside/shared/catalog";
import { apiData, type ApiTransport } from "~/lib/api-client";

/** GET /subcategories/featured-businesses/{id} (catalog): a listing's Top Brands. */
export const getFeaturedBusinesses = (api: ApiTransport, subcategoryId: number) =>
  apiData<TFeaturedBusiness[]>(api, `/subcategories/featured-businesses/${subcategoryId}`);
