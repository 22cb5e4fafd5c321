import type { TPaged } from "@waterside/shared/api-envelope";
import type { TNotification } from "@waterside/shared/notification-centre";
import { apiData, type ApiTransport } from "~/lib/api-client";

export type NotificationsPage = TPaged<TNotification> & { unread_count: number };

/** GET /notifications?page (issue 29): the user's notifications, newest first, with their unread count. */
export function getNotifications(api: ApiTransport, page = 1) {
  return apiData<NotificationsPage>(api, `/notifications?page=${page}`);
}
