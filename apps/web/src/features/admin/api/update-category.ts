import type { TAdminCategory } from "@waterside/shared/admin-catalog";
import { apiData, type ApiTransport } from "~/lib/api-client";
import { formData } from "~/lib/form-errors";

/**
 * POST /admin/categories/{id} with _method=patch (admin, multipart): a new name, and a new image when given; its ads'
 * life in days (issue 28) when given.
 */
export const updateCategory = (
  api: ApiTransport,
  id: number,
  values: { name: string; image?: Blob | null; expiry_days?: number },
) =>
  apiData<TAdminCategory>(api, `/admin/categories/${id}`, {
    method: "POST",
    body: formData({ _method: "patch", name: values.name, image: values.image, expiry_days: values.expiry_days }),
  });
