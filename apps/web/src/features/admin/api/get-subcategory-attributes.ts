import type { TAdminSubcategoryAttribute } from "@waterside/shared/admin-catalog";
import { apiData, type ApiTransport } from "~/lib/api-client";

/** GET /admin/subcategories/{id}/attributes (admin): the subcategory's attributes, active or not, with options. */
export const getSubcategoryAttributes = (api: ApiTransport, subcategoryId: number) =>
  apiData<TAdminSubcategoryAttribute[]>(api, `/admin/subcategories/${subcategoryId}/attributes`);
