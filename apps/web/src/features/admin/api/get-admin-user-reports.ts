import type { TAdminUserReport } from "@waterside/shared/admin-moderation";
import type { TPaged } from "@waterside/shared/api-envelope";
import { apiData, type ApiTransport } from "~/lib/api-client";
import { queryString } from "./query-string";

/** GET /admin/user-reports (admin): page, per_page, status, reporter_user_id, reported_user_id. */
export const getAdminUserReports = (api: ApiTransport, query: Record<string, string | number | undefined>) =>
  apiData<TPaged<TAdminUserReport>>(api, `/admin/user-reports?${queryString(query)}`);
