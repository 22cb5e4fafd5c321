import type { TPaged } from "@waterside/shared/api-envelope";
import type { TUserReport } from "@waterside/shared/reports";
import { apiData, type ApiTransport } from "~/lib/api-client";

/** GET /user-reports (reports): a page of the signed-in user's user reports, newest first (profile Reports tab). */
export const getUserReports = (api: ApiTransport, page = 1) =>
  apiData<TPaged<TUserReport>>(api, `/user-reports?page=${page}`);
