import type { TCategory } from "@waterside/shared/catalog";
import { apiData, type ApiTransport } from "~/lib/api-client";

/** GET /subcategories/user (catalog): the categories a seller has ads in, for a listing in seller mode. */
export const getSellerCategories = (api: ApiTransport, userId: number) =>
  apiData<TCategory[]>(api, `/subcategories/user?user_id=${userId}`);
