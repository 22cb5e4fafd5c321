import type { TAdminAdReport, TAdminUserReport } from "@waterside/shared/admin-moderation";
import { apiData, jsonBody, type ApiTransport } from "~/lib/api-client";

type Change = { status_id: number; admin_response?: string };

/** PATCH /admin/ad-report/{report_id}/status (admin): a response resolves the report; Resolved is final. */
export const setAdReportStatus = (api: ApiTransport, reportId: number, change: Change) =>
  apiData<TAdminAdReport>(
    api,
    `/admin/ad-report/${reportId}/status`,
    jsonBody({ report_id: reportId, ...change }, "PATCH"),
  );

/** PATCH /admin/user-report/{report_id}/status (admin): the same rules for a report about a user. */
export const setUserReportStatus = (api: ApiTransport, reportId: number, change: Change) =>
  apiData<TAdminUserReport>(
    api,
    `/admin/user-report/${reportId}/status`,
    jsonBody({ report_id: reportId, ...change }, "PATCH"),
  );
