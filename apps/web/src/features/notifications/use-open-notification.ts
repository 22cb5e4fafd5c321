import type { TNotification } from "@waterside/shared/notification-centre";
import { useNavigate } from "react-router";
import { authedTransport } from "~/lib/session";
import { setUnreadNotifications, useUnreadNotifications } from "~/lib/unread-notifications";
import { markNotificationsRead } from "./api/mark-notifications-read";

/**
 * Opening a notification (issue 29): it is marked read, the bell follows at once (the socket confirms the server's
 * count), and the page goes where it points.
 */
export function useOpenNotification(userId: number) {
  const navigate = useNavigate();
  const unread = useUnreadNotifications(userId);
  return async (notification: TNotification) => {
    if (!notification.read_at) {
      if (unread) setUnreadNotifications(userId, unread - 1);
      markNotificationsRead(authedTransport, { ids: [notification.id] }).catch(() => {});
    }
    await navigate(notification.url);
  };
}
