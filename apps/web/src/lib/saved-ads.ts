import { useSyncExternalStore } from "react";
import { SAVED_MESSAGES } from "@waterside/shared/saved-ads-messages";
import { authedTransport, currentSession } from "~/lib/session";
import { notify } from "~/lib/notify";
import { getSavedAdIds } from "./api/get-saved-ad-ids";
import { saveAd } from "./api/save-ad";
import { unsaveAd } from "./api/unsave-ad";

/**
 * Which ads the signed-in user saved. Public pages are rendered once for everyone, so the browser asks for
 * the ids once per session and marks cards and the ad page itself (docs/decisions/020-saved-ads.md).
 */
let saved: { userId: number; ids: Set<number> } | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

/** The saved ids of whoever is signed in now; another user (or none) makes them stale. */
function current(): Set<number> | null {
  const userId = currentSession()?.user.id;
  if (!userId) return null;
  if (saved?.userId === userId) return saved.ids;
  if (!loading) {
    loading = getSavedAdIds(authedTransport)
      .then((ids) => {
        saved = { userId, ids: new Set(ids) };
        emit();
      })
      .catch(() => {})
      .finally(() => (loading = null));
  }
  return null;
}

/** Whether this ad is saved: the server's answer until the browser knows better. */
export function useIsSaved(adId: number, fromServer: boolean) {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current()?.has(adId) ?? fromServer,
    () => fromServer,
  );
}

/** Spec §4 "Save toggle": save adds, undo removes; the toasts are the spec's (§8). */
export async function toggleSaved(adId: number, isSaved: boolean) {
  try {
    await (isSaved ? unsaveAd : saveAd)(authedTransport, adId);
    const userId = currentSession()?.user.id;
    if (userId) {
      const ids = new Set(saved?.userId === userId ? saved.ids : []);
      if (isSaved) ids.delete(adId);
      else ids.add(adId);
      saved = { userId, ids };
      emit();
    }
    notify("success", isSaved ? SAVED_MESSAGES.unsaved : SAVED_MESSAGES.saved);
  } catch {
    notify("error", isSaved ? SAVED_MESSAGES.unsaveFailed : SAVED_MESSAGES.saveFailed);
  }
}
