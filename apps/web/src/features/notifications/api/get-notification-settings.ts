import type { TNotificationSettings } from "@waterside/shared/notifications";
import { apiData, type ApiTransport } from "~/lib/api-client";

/** GET /user/notification-settings (notifications): whether chat messages reach the user by push and by mail. */
export const getNotificationSettings = (api: ApiTransport) =>
  apiData<TNotificationSettings>(api, "/user/notification-settings");
