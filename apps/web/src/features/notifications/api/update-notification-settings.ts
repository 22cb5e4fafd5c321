import type { TNotificationSettings } from "@waterside/shared/notifications";
import { apiData, jsonBody, type ApiTransport } from "~/lib/api-client";

/** PATCH /user/notification-settings (notifications): turns a channel on or off. */
export const updateNotificationSettings = (api: ApiTransport, changes: Partial<TNotificationSettings>) =>
  apiData<TNotificationSettings>(api, "/user/notification-settings", jsonBody(changes, "PATCH"));
