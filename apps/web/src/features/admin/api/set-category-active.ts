import type { TAdminCategory } from "@waterside/shared/admin-catalog";
import { apiData, jsonBody, type ApiTransport } from "~/lib/api-client";

/** PATCH /admin/categories/{id}/active (admin): activating needs an active subcategory, else 422. */
export const setCategoryActive = (api: ApiTransport, id: number, active: boolean) =>
  apiData<TAdminCategory>(api, `/admin/categories/${id}/active`, jsonBody({ active }, "PATCH"));
