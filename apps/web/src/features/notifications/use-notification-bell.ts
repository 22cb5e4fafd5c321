import { useEffect } from "react";
import { authedTransport, useSession } from "~/lib/session";
import { forgetUnreadNotifications, setUnreadNotifications, useUnreadNotifications } from "~/lib/unread-notifications";
import { getNotifications } from "./api/get-notifications";

/**
 * The top bar's bell (issue 29): once the browser knows who is signed in, their unread count is read once; the
 * socket (opened by the chat's runtime on every signed-in page) keeps it from then on. Returns the count, or null
 * while it is not known.
 */
export function useNotificationBell(): number | null {
  const session = useSession();
  const userId = session.status === "signed-in" ? session.user.id : null;
  useEffect(() => {
    if (userId === null) return forgetUnreadNotifications();
    const reading = new AbortController();
    getNotifications((path, init) => authedTransport(path, { ...init, signal: reading.signal })).then(
      (page) => setUnreadNotifications(userId, page.unread_count),
      // No count is better than a wrong one: the bell shows without a number until the next page load.
      () => {},
    );
    return () => reading.abort();
  }, [userId]);
  return useUnreadNotifications(userId);
}
