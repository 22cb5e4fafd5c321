import type { TAdReport } from "@waterside/shared/reports";
import type { ApiTransport } from "~/lib/api-client";
import { sendReport } from "./send-report";

/** POST /ad-reports (reports): reports an ad with a listed reason or the reporter's own words (decision 043). */
export const createAdReport = (api: ApiTransport, body: { ad_id: number; reason: string }) =>
  sendReport<TAdReport>(api, "/ad-reports", body);
