import { useEffect, useState } from "react";
import { browserTransport, withSignal } from "~/lib/api-client";
import { onOnlineContacts, onlineContactsVersion } from "~/lib/online-contacts";
import { useLoad } from "~/lib/use-load";
import { getUserPresence } from "../api/get-user-presence";

/** A status older than this is asked again when the tab comes back into view. */
const STALE_MS = 60_000;

/** What one source said: online or not, the socket list it knew of (its version), and when. */
type Said = { online: boolean; version: number; at: number };

/**
 * Spec §2 ad page: whether the seller is online. The page is rendered on the server and cached for visitors, so the
 * browser asks after hydration (a few bytes, never cached). Null until known, and while the answer cannot be read:
 * nothing is shown rather than a wrong status. A signed-in user's socket, when the chat has one open, keeps it live at
 * no cost (lib/online-contacts.ts): its `online` lists name the seller whenever they are a contact who is online,
 * and a list newer than the answer wins over it.
 */
export function useSellerPresence(sellerId: number, enabled: boolean): boolean | null {
  const asked = useLoad(
    enabled
      ? async (signal): Promise<Said> => {
          const version = onlineContactsVersion();
          const { online } = await getUserPresence(withSignal(browserTransport, signal), sellerId);
          return { online, version, at: Date.now() };
        }
      : null,
    [sellerId, enabled],
    // A status asked again (a stale one, a stranger who may have left) stays shown if the new answer fails.
    { keep: true },
  );
  // Once the seller has been in a list, they are a contact: a later list without them means they left.
  const [listed, setListed] = useState<(Said & { sellerId: number }) | null>(null);
  const fromLists = listed?.sellerId === sellerId ? listed : null;
  const answer = asked.data ?? null;
  const latest = fromLists && (!answer || fromLists.version > answer.version) ? fromLists : answer;
  const shown = enabled ? (latest?.online ?? null) : null;
  const shownAt = latest?.at ?? 0;
  const { refresh } = asked;

  useEffect(() => {
    if (!enabled) return;
    const stopListening = onOnlineContacts((ids, version) => {
      const said = { sellerId, version, at: Date.now() };
      if (ids.has(sellerId)) setListed({ ...said, online: true });
      else if (fromLists) setListed({ ...said, online: false });
      // A seller shown online who is not in the list is a stranger, or a contact who just left: ask.
      else if (shown === true) void refresh();
    });
    const visible = () => {
      if (document.visibilityState === "visible" && Date.now() - shownAt > STALE_MS) void refresh();
    };
    document.addEventListener("visibilitychange", visible);
    return () => {
      stopListening();
      document.removeEventListener("visibilitychange", visible);
    };
  }, [sellerId, enabled, fromLists, shown, shownAt, refresh]);

  return shown;
}
