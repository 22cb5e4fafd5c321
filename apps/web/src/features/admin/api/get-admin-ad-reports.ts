import type { TAdminAdReport } from "@waterside/shared/admin-moderation";
import type { TPaged } from "@waterside/shared/api-envelope";
import { apiData, type ApiTransport } from "~/lib/api-client";
import { queryString } from "./query-string";

/** GET /admin/ad-reports (admin): page, per_page, status, ad_id, user_id (the reporter). */
export const getAdminAdReports = (api: ApiTransport, query: Record<string, string | number | undefined>) =>
  apiData<TPaged<TAdminAdReport>>(api, `/admin/ad-reports?${queryString(query)}`);
