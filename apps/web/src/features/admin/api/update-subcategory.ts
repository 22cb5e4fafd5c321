import type { TSubcategory } from "@waterside/shared/catalog";
import { apiData, type ApiTransport } from "~/lib/api-client";
import { formData } from "~/lib/form-errors";

/** POST /admin/subcategories/{id} with _method=patch (admin, multipart): a new name, and a new image when given. */
export const updateSubcategory = (api: ApiTransport, id: number, values: { name: string; image?: Blob | null }) =>
  apiData<TSubcategory>(api, `/admin/subcategories/${id}`, {
    method: "POST",
    body: formData({ _method: "patch", name: values.name, image: values.image }),
  });
