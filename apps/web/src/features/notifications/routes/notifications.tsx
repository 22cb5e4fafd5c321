import { BRAND } from "@waterside/shared/brand";
import type { TNotification } from "@waterside/shared/notification-centre";
import { useState } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/notifications";
import { secondaryButtonClass } from "~/components/ui/form-field";
import { RetryAlert } from "~/components/ui/retry-alert";
import { notify } from "~/lib/notify";
import { requireSession } from "~/lib/require-session";
import { authedTransport, currentSession } from "~/lib/session";
import { setUnreadNotifications, useUnreadNotifications } from "~/lib/unread-notifications";
import { usePagedList } from "~/lib/use-paged-list";
import { getNotifications } from "../api/get-notifications";
import { markNotificationsRead } from "../api/mark-notifications-read";
import { NotificationRow } from "../components/notification-row";
import { useOpenNotification } from "../use-open-notification";

export const meta: Route.MetaFunction = () => [
  { title: `Notifications | ${BRAND}` },
  { name: "robots", content: "noindex" },
];

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  return { userId: requireSession(request).user.id };
}

export function HydrateFallback() {
  return <div className="mx-auto min-h-[40vh] max-w-2xl px-4 py-8" aria-busy="true" />;
}

/**
 * The notification centre (issue 29): new ads for saved searches, price drops and the rest, newest first. Opening one
 * marks it read and goes where it points; "Mark all as read" clears the bell.
 */
export default function Notifications({ loaderData }: Route.ComponentProps) {
  const { userId } = loaderData;
  const openNotification = useOpenNotification(userId);
  const unread = useUnreadNotifications(userId);
  const [markingAll, setMarkingAll] = useState(false);
  const list = usePagedList<TNotification>(
    (page, signal) =>
      getNotifications((path, init) => authedTransport(path, { ...init, signal }), page).then((reply) => {
        if (currentSession()?.user.id === userId) setUnreadNotifications(userId, reply.unread_count);
        return reply;
      }),
    userId,
  );
  const rows = list.data;

  async function open(notification: TNotification) {
    if (!notification.read_at) list.replace({ ...notification, read_at: new Date().toISOString() });
    await openNotification(notification);
  }

  async function markAll() {
    setMarkingAll(true);
    try {
      await markNotificationsRead(authedTransport, { all: true });
      const now = new Date().toISOString();
      list.update((current) => ({
        ...current,
        items: current.items.map((item) => (item.read_at ? item : { ...item, read_at: now })),
      }));
      setUnreadNotifications(userId, 0);
    } catch {
      notify("error", "Your notifications could not be marked read. Please try again.");
    } finally {
      setMarkingAll(false);
    }
  }

  return (
    <div className="mx-auto max-w-2xl space-y-4 px-4 py-6 sm:py-10">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold">Notifications</h1>
        <div className="flex flex-wrap gap-2">
          {unread ? (
            <button type="button" onClick={() => void markAll()} disabled={markingAll} className={secondaryButtonClass}>
              Mark all as read
            </button>
          ) : null}
          <Link to="/settings/notifications" className={secondaryButtonClass}>
            Settings
          </Link>
        </div>
      </div>
      {list.loading && (
        <ul aria-busy="true" aria-label="Loading notifications" className="animate-pulse space-y-2">
          {[0, 1, 2].map((row) => (
            <li key={row} className="h-16 rounded-xl bg-slate-100" />
          ))}
        </ul>
      )}
      {list.error && <RetryAlert message="Your notifications could not be loaded." onRetry={list.reload} />}
      {rows && rows.items.length === 0 && (
        <div className="rounded-xl border border-dashed border-slate-300 p-8 text-center">
          <p className="font-semibold">No notifications yet</p>
          <p className="mt-1 text-sm text-slate-600">
            Save a search from any listing and we will tell you here when new ads match it.
          </p>
        </div>
      )}
      {rows && rows.items.length > 0 && (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200" aria-label="Your notifications">
          {rows.items.map((notification) => (
            <li key={notification.id}>
              <NotificationRow notification={notification} onOpen={(chosen) => void open(chosen)} />
            </li>
          ))}
        </ul>
      )}
      {rows?.more === "error" && (
        <p role="alert" className="text-sm text-red-700">
          More notifications could not be loaded.
        </p>
      )}
      {rows && rows.nextPage !== null && (
        <button
          type="button"
          onClick={() => void list.loadMore()}
          disabled={rows.more === "loading"}
          className={secondaryButtonClass}
        >
          More
        </button>
      )}
    </div>
  );
}
