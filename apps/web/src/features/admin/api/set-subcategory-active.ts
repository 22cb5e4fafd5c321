import type { TSubcategory } from "@waterside/shared/catalog";
import { apiData, jsonBody, type ApiTransport } from "~/lib/api-client";

/** PATCH /admin/subcategories/{id}/active (admin): with attributes, activating needs an active one, else 422. */
export const setSubcategoryActive = (api: ApiTransport, id: number, active: boolean) =>
  apiData<TSubcategory>(api, `/admin/subcategories/${id}/active`, jsonBody({ active }, "PATCH"));
