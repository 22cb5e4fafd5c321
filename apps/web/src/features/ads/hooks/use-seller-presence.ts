import { useEffect, useState } from "react";
import { browserTransport } from "~/lib/api-client";
import { onOnlineContacts } from "~/lib/online-contacts";
import { getUserPresence } from "../api/get-user-presence";

/** A status older than this is asked again when the tab comes back into view. */
const STALE_MS = 60_000;

/**
 * Spec §2 ad page: whether the seller is online. The page is rendered on the server and cached for visitors, so the
 * browser asks after hydration (a few bytes, never cached). Null until known, and after a failure: nothing is shown
 * rather than a wrong status. A signed-in user's socket, when the chat has one open, keeps it live at no cost: its
 * `online` lists name the seller whenever they are a contact who is online.
 */
export function useSellerPresence(sellerId: number, enabled: boolean): boolean | null {
  const [known, setKnown] = useState<{ sellerId: number; online: boolean } | null>(null);

  useEffect(() => {
    if (!enabled) return;
    let current = true;
    let shown: boolean | null = null;
    let shownAt = 0;
    // Each answer from the socket counts up: an HTTP answer asked for before it is older, and is dropped.
    let version = 0;
    // Once the seller has been in a list, they are a contact: a list without them means they left.
    let contact = false;

    const show = (online: boolean) => {
      shown = online;
      shownAt = Date.now();
      if (current) setKnown({ sellerId, online });
    };
    const ask = () => {
      const askedAt = version;
      getUserPresence(browserTransport, sellerId).then(
        ({ online }) => askedAt === version && show(online),
        () => {},
      );
    };
    ask();

    const stopListening = onOnlineContacts((ids) => {
      version += 1;
      if (ids.includes(sellerId)) {
        contact = true;
        show(true);
      } else if (contact) {
        show(false);
      } else if (shown === true) {
        // A seller shown online who is not in the list is a stranger, or a contact who just left: ask.
        ask();
      }
    });
    const visible = () => {
      if (document.visibilityState === "visible" && Date.now() - shownAt > STALE_MS) ask();
    };
    document.addEventListener("visibilitychange", visible);
    return () => {
      current = false;
      stopListening();
      document.removeEventListener("visibilitychange", visible);
    };
  }, [sellerId, enabled]);

  return enabled && known?.sellerId === sellerId ? known.online : null;
}
