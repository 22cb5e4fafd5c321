import type { TAdminCategory } from "@waterside/shared/admin-catalog";
import { apiData, type ApiTransport } from "~/lib/api-client";

/** GET /admin/categories (admin): every category, active or not, with every subcategory and its ads count. */
export const getAdminCategories = (api: ApiTransport) => apiData<TAdminCategory[]>(api, "/admin/categories");
