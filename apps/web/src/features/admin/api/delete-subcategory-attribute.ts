import { apiData, type ApiTransport } from "~/lib/api-client";

/**
 * DELETE /admin/subcategory-attributes/{id} (admin): the link, its options and, when no other subcategory uses it,
 * the attribute, together; 409 while ads carry values for it.
 */
export const deleteSubcategoryAttribute = (api: ApiTransport, id: number) =>
  apiData<null>(api, `/admin/subcategory-attributes/${id}`, { method: "DELETE" });
