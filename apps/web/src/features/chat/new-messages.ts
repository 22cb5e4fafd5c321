import { useSyncExternalStore } from "react";
import { currentSession } from "~/lib/session";

/**
 * Spec §2/§4 top bar: the red dot on Chat. A message from someone else that is news to this browser sets it while the
 * user is not on /chat (chat-runtime.ts decides, with the rule that counts a chat's unread messages), and opening
 * /chat clears it. It is kept per user in local storage, so it survives moving between pages and tabs. With
 * load-chat-runtime.ts, this is all the top bar loads of the chat.
 */
const flagKey = (userId: number) => `waterside.chat.new_messages.${userId}`;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener("storage", emit);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener("storage", emit);
  };
}

function read(): boolean {
  const userId = currentSession()?.user.id;
  return userId !== undefined && localStorage.getItem(flagKey(userId)) === "1";
}

export function flagNewMessages() {
  const userId = currentSession()?.user.id;
  if (userId === undefined || read()) return;
  localStorage.setItem(flagKey(userId), "1");
  emit();
}

export function clearNewMessages() {
  const userId = currentSession()?.user.id;
  if (userId === undefined || !read()) return;
  localStorage.removeItem(flagKey(userId));
  emit();
}

/** Whether the red dot shows; false on the server and until the browser has read the session. */
export function useNewMessagesFlag(): boolean {
  return useSyncExternalStore(subscribe, read, () => false);
}
