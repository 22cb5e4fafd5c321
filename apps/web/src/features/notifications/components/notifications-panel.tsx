import type { TNotification } from "@waterside/shared/notification-centre";
import { Link } from "react-router";
import { RetryAlert } from "~/components/ui/retry-alert";
import { withSignal } from "~/lib/api-client";
import { authedTransport } from "~/lib/session";
import { setUnreadNotifications } from "~/lib/unread-notifications";
import { useLoad } from "~/lib/use-load";
import { getNotifications } from "../api/get-notifications";
import { useOpenNotification } from "../use-open-notification";
import { NotificationRow } from "./notification-row";

/** How many of the newest notifications the dropdown shows; the page has them all. */
const PANEL_SIZE = 5;

/**
 * The top bar's dropdown on a desktop (issue 29): the newest notifications, read when it opens (loaded only then, so
 * no page pays for it before), each opening where it points; "See all" leads to the notifications page.
 */
export default function NotificationsPanel({ userId, onLeave }: { userId: number; onLeave: () => void }) {
  const openNotification = useOpenNotification(userId);
  const latest = useLoad(
    (signal) =>
      getNotifications(withSignal(authedTransport, signal)).then((page) => {
        setUnreadNotifications(userId, page.unread_count);
        return page.data.slice(0, PANEL_SIZE);
      }),
    ["notifications-panel", userId],
  );

  function open(notification: TNotification) {
    if (!notification.read_at) {
      latest.update((items) =>
        items.map((item) => (item.id === notification.id ? { ...item, read_at: new Date().toISOString() } : item)),
      );
    }
    onLeave();
    void openNotification(notification);
  }

  return (
    <div className="flex max-h-[70vh] flex-col">
      <h2 className="border-b border-slate-200 px-4 py-3 font-semibold">Notifications</h2>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {latest.loading && (
          <ul aria-busy="true" aria-label="Loading notifications" className="animate-pulse space-y-2 p-3">
            {[0, 1, 2].map((row) => (
              <li key={row} className="h-14 rounded-lg bg-slate-100" />
            ))}
          </ul>
        )}
        {latest.error && (
          <div className="p-3">
            <RetryAlert message="Your notifications could not be loaded." onRetry={latest.reload} />
          </div>
        )}
        {latest.data?.length === 0 && (
          <p className="p-4 text-sm text-slate-600">
            No notifications yet. Save a search from any listing and we will tell you here when new ads match it.
          </p>
        )}
        {latest.data && latest.data.length > 0 && (
          <ul className="divide-y divide-slate-200" aria-label="Latest notifications">
            {latest.data.map((notification) => (
              <li key={notification.id}>
                <NotificationRow notification={notification} onOpen={open} compact />
              </li>
            ))}
          </ul>
        )}
      </div>
      <Link
        to="/notifications"
        onClick={onLeave}
        className="border-t border-slate-200 px-4 py-3 text-center text-sm font-semibold text-emerald-800 hover:bg-emerald-50"
      >
        See all notifications
      </Link>
    </div>
  );
}
