import type { TFilterDefinition } from "@waterside/shared/catalog";
import { apiData, type ApiTransport } from "~/lib/api-client";

/** GET /ads/filters/subcategory/{id} (catalog): the attribute filters of a listing. */
export const getSubcategoryFilters = (api: ApiTransport, subcategoryId: number) =>
  apiData<TFilterDefinition[]>(api, `/ads/filters/subcategory/${subcategoryId}`);
