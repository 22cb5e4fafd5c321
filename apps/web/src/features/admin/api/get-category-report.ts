import type { ZCategoryReport } from "@waterside/shared/admin-catalog";
import type { z } from "zod";
import { apiData, type ApiTransport } from "~/lib/api-client";

export type TCategoryReport = z.infer<typeof ZCategoryReport>;

/** GET /admin/categories/report (admin): per category name and active; per subcategory name, active, ads count. */
export const getCategoryReport = (api: ApiTransport) => apiData<TCategoryReport>(api, "/admin/categories/report");
