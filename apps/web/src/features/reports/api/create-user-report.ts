import type { TUserReport } from "@waterside/shared/reports";
import type { ApiTransport } from "~/lib/api-client";
import { sendReport } from "./send-report";

/** POST /user-reports (reports): reports another user with a listed reason or the reporter's own words. */
export const createUserReport = (api: ApiTransport, body: { reported_user_id: number; reason: string }) =>
  sendReport<TUserReport>(api, "/user-reports", body);
