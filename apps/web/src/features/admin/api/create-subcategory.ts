import type { TSubcategory } from "@waterside/shared/catalog";
import { apiData, type ApiTransport } from "~/lib/api-client";
import { formData } from "~/lib/form-errors";

/** POST /admin/subcategories (admin, multipart: category_id, name, images); the new subcategory starts inactive. */
export const createSubcategory = (api: ApiTransport, values: { category_id: number; name: string; image: Blob }) =>
  apiData<TSubcategory>(api, "/admin/subcategories", {
    method: "POST",
    body: formData({ category_id: values.category_id, name: values.name, images: values.image }),
  });
