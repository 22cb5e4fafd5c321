import type { TPaged } from "@waterside/shared/api-envelope";
import type { TAdReport } from "@waterside/shared/reports";
import { apiData, type ApiTransport } from "~/lib/api-client";

/** GET /ad-reports (reports): a page of the signed-in user's ad reports, newest first (profile Reports tab). */
export const getAdReports = (api: ApiTransport, page = 1) =>
  apiData<TPaged<TAdReport>>(api, `/ad-reports?page=${page}`);
