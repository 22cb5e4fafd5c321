import type { TNotification } from "@waterside/shared/notification-centre";
import { clsx } from "clsx";
import { useFormatDate } from "~/lib/format";

/** One notification as a button: its picture, title (bold while unread), text and time. */
export function NotificationRow({
  notification,
  onOpen,
  compact = false,
}: {
  notification: TNotification;
  onOpen: (notification: TNotification) => void;
  /** The top bar's dropdown: tighter padding. */
  compact?: boolean;
}) {
  const date = useFormatDate();
  const unread = !notification.read_at;
  return (
    <button
      type="button"
      onClick={() => onOpen(notification)}
      className={clsx(
        "flex w-full items-start gap-3 text-left hover:bg-slate-50",
        compact ? "p-3" : "p-3 sm:p-4",
        unread && "bg-emerald-50/60",
      )}
    >
      {notification.image_url ? (
        <img
          src={notification.image_url}
          alt=""
          width={56}
          height={42}
          loading="lazy"
          className="h-[42px] w-14 shrink-0 rounded-md bg-slate-100 object-cover"
        />
      ) : null}
      <span className="min-w-0 flex-1">
        <span className={clsx("block break-words", unread && "font-semibold")}>
          {unread && <span className="sr-only">Unread: </span>}
          {notification.title}
        </span>
        <span className="block text-sm break-words text-slate-600">{notification.body}</span>
        <span className="block text-xs text-slate-500">{date(notification.created_at, "time")}</span>
      </span>
      {unread && <span className="mt-2 size-2.5 shrink-0 rounded-full bg-emerald-600" aria-hidden="true" />}
    </button>
  );
}
