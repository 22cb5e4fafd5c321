import { useEffect } from "react";
import { useSession } from "~/lib/session";
import { loadChatRuntime, stopChatRuntime } from "../load-chat-runtime";
import { useNewMessagesFlag } from "../new-messages";

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
    // No guard needed: startChat opens the socket of whoever is signed in when it runs, none after signing out, and
    // a stop asked for meanwhile runs after it (both wait for the same download).
    loadChatRuntime().then(
      ({ startChat }) => startChat(),
      () => {},
    );
  }, [userId]);
  return useNewMessagesFlag();
}
