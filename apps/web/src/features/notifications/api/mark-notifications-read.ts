import type { TNotificationsRead } from "@waterside/shared/notification-centre";
import { apiData, jsonBody, type ApiTransport } from "~/lib/api-client";

/** POST /notifications/read (issue 29): {ids} or {all: true}. */
export function markNotificationsRead(api: ApiTransport, read: TNotificationsRead) {
  return apiData<unknown>(api, "/notifications/read", jsonBody(read));
}
