import type { TCategory } from "@waterside/shared/catalog";
import { apiData, type ApiTransport } from "~/lib/api-client";

/** GET /categories/active (catalog): the category tree with ad counts. Home, listings, sell and the sitemap. */
export const getCategories = (api: ApiTransport) => apiData<TCategory[]>(api, "/categories/active");
