import type { TDashboard } from "@waterside/shared/admin-catalog";
import { apiData, type ApiTransport } from "~/lib/api-client";

/** GET /admin/dashboard (admin): posts and users counted, the latest users, the first categories, what waits. */
export const getDashboard = (api: ApiTransport) => apiData<TDashboard>(api, "/admin/dashboard");
