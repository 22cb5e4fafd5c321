import { useSyncExternalStore } from "react";
import { SAVED_MESSAGES } from "@waterside/shared/saved-ads-messages";
import { authedTransport, currentSession } from "~/lib/session";
import { notify } from "~/lib/notify";
import { getSavedAdIds } from "./api/get-saved-ad-ids";
import { saveAd } from "./api/save-ad";
import { unsaveAd } from "./api/unsave-ad";

/**
 * Which ads the signed-in user saved: the web's one record of the hearts (docs/decisions/020-saved-ads.md). Public
 * pages are rendered once for everyone, so the `is_saved` of the ads they carry says nothing of the reader and the
 * web does not read it: the browser asks for the ids once per user and session, and a save or an undo changes them
 * at once.
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

/**
 * The saved ids of whoever is signed in, read if they are not yet: a page whose hearts are all filled (the saved
 * ads) waits for them. A failure is not thrown: the hearts then show as not saved, as on a visitor's page.
 */
export function loadSavedIds(): Promise<void> {
  current();
  return loading ?? Promise.resolve();
}

/** Whether this ad is saved; false on the server (pages are rendered for everyone) and until the ids are known. */
export function useIsSaved(adId: number) {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current()?.has(adId) ?? false,
    () => false,
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
