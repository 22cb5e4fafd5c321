import type { TAdminCategory } from "@waterside/shared/admin-catalog";
import { apiData, type ApiTransport } from "~/lib/api-client";
import { formData } from "~/lib/form-errors";

/**
 * POST /admin/categories (admin, multipart: name, images[category_image], and expiry_days, issue 28); the new category
 * starts inactive.
 */
export const createCategory = (api: ApiTransport, values: { name: string; image: Blob; expiry_days?: number }) =>
  apiData<TAdminCategory>(api, "/admin/categories", {
    method: "POST",
    body: formData({
      name: values.name,
      "images[category_image]": values.image,
      expiry_days: values.expiry_days,
    }),
  });
