import { useEffect } from "react";
import { WORKER_MESSAGES } from "~/lib/offline-caches";
import { sendQueuedSave } from "~/lib/saved-ads";
import { currentSession, useSession } from "~/lib/session";
import { readQueue } from "~/lib/write-queue";

/**
 * Sends the writes made offline (issue 31, decision 104) in the order they were made, each with its idempotency
 * key, so one sent twice (two tabs, an answer lost) is applied once. A write that cannot go yet stops the round, so
 * an undo never overtakes its save; the next `online` event, Background Sync's wake-up or page load tries again.
 * The chat's messages are sent by the chat's own runtime, which every signed-in page starts (decision 038).
 */
let sending = false;
let sendAgain = false;

export async function sendQueuedWrites() {
  const userId = currentSession()?.user.id;
  if (!userId || !navigator.onLine) return;
  if (sending) {
    sendAgain = true;
    return;
  }
  sending = true;
  try {
    do {
      sendAgain = false;
      for (const item of readQueue(userId)) {
        if (currentSession()?.user.id !== userId) return;
        const settled =
          item.kind === "ad"
            ? // The sell feature's sender (and IndexedDB's library) is fetched only when an ad waits.
              await import("~/features/selling/send-queued-ad").then(
                ({ sendQueuedAd }) => sendQueuedAd(userId, item),
                () => false,
              )
            : await sendQueuedSave(userId, item);
        if (!settled) return;
      }
    } while (sendAgain);
  } finally {
    sending = false;
  }
}

/**
 * Sends the signed-in user's queue when the page loads and when they sign in, and again whenever the connection
 * returns (the browser's `online`, or the worker's Background Sync wake-up).
 */
export function useSendQueuedWrites() {
  const session = useSession();
  const userId = session.status === "signed-in" ? session.user.id : null;
  useEffect(() => {
    if (userId !== null) void sendQueuedWrites();
  }, [userId]);
  useEffect(() => {
    const send = () => void sendQueuedWrites();
    window.addEventListener("online", send);
    const wakeUp = (event: MessageEvent<{ type?: string } | null>) => {
      if (event.data?.type === WORKER_MESSAGES.sendQueuedWrites) send();
    };
    navigator.serviceWorker?.addEventListener("message", wakeUp);
    return () => {
      window.removeEventListener("online", send);
      navigator.serviceWorker?.removeEventListener("message", wakeUp);
    };
  }, []);
}
