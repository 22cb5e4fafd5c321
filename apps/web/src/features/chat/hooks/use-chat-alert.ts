import { useEffect } from "react";
import { useSession } from "~/lib/session";
import { loadChatRuntime, stopChatRuntime, useNewMessagesFlag } from "../new-messages";

/**
 * The top bar's side of the chat (spec §2, §4): once the browser knows someone is signed in, the chat's realtime
 * side is fetched and its socket opened, so a message is noticed on any page; signing out closes it. Returns whether
 * the red dot shows.
 */
export function useChatAlert(): boolean {
  const session = useSession();
  const userId = session.status === "signed-in" ? session.user.id : null;
  useEffect(() => {
    if (userId === null) return stopChatRuntime();
    let current = true;
    loadChatRuntime()
      .then(({ startChat }) => current && startChat())
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [userId]);
  return useNewMessagesFlag();
}
