import { useSyncExternalStore } from "react";
import { SAVED_MESSAGES } from "@waterside/shared/saved-ads-messages";
import { ApiError } from "~/lib/api-client";
import { authedTransport, currentSession } from "~/lib/session";
import { notify } from "~/lib/notify";
import { dequeueWrite, enqueueWrite, isOfflineFailure, newIdempotencyKey, readQueue } from "~/lib/write-queue";
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

/** The saved ids change on the screen at once: after the server's answer, or when the write is queued. */
function markSaved(adId: number, isNowSaved: boolean) {
  const userId = currentSession()?.user.id;
  if (!userId) return;
  const ids = new Set(saved?.userId === userId ? saved.ids : []);
  if (isNowSaved) ids.add(adId);
  else ids.delete(adId);
  saved = { userId, ids };
  emit();
}

/**
 * Spec §4 "Save toggle": save adds, undo removes; the toasts are the spec's (§8). Without a connection the heart
 * changes at once and the write waits in the queue (decision 104); an undo of a save still waiting cancels it, so
 * neither is sent.
 */
export async function toggleSaved(adId: number, isSaved: boolean, title: string) {
  const userId = currentSession()?.user.id;
  const key = newIdempotencyKey();
  try {
    await (isSaved ? unsaveAd : saveAd)(authedTransport, adId, key);
    markSaved(adId, !isSaved);
    notify("success", isSaved ? SAVED_MESSAGES.unsaved : SAVED_MESSAGES.saved);
  } catch (error) {
    if (!userId || !isOfflineFailure(error)) {
      notify("error", isSaved ? SAVED_MESSAGES.unsaveFailed : SAVED_MESSAGES.saveFailed);
      return;
    }
    const waiting = readQueue(userId).find((item) => item.kind !== "ad" && item.adId === adId);
    if (waiting) dequeueWrite(userId, waiting.key);
    else
      enqueueWrite(userId, {
        key,
        kind: isSaved ? "unsave" : "save",
        adId,
        title,
        queuedAt: new Date().toISOString(),
      });
    markSaved(adId, !isSaved);
    notify("info", isSaved ? SAVED_MESSAGES.unsaveQueued : SAVED_MESSAGES.saveQueued);
  }
}

/**
 * Sends a queued save or undo with its key. True when it is settled (done, or refused and said so), false when there
 * is still no connection or the server failed (it stays queued).
 */
export async function sendQueuedSave(userId: number, item: { key: string; kind: "save" | "unsave"; adId: number }) {
  try {
    await (item.kind === "unsave" ? unsaveAd : saveAd)(authedTransport, item.adId, item.key);
  } catch (error) {
    if (
      isOfflineFailure(error) ||
      (error instanceof ApiError && (error.status >= 500 || error.status === 401 || error.status === 429))
    ) {
      return false;
    }
    // Refused (the ad is gone): the heart goes back to what the server has.
    markSaved(item.adId, item.kind === "unsave");
    notify("error", item.kind === "unsave" ? SAVED_MESSAGES.unsaveFailed : SAVED_MESSAGES.saveFailed);
  }
  dequeueWrite(userId, item.key);
  return true;
}

/** The user discarded a queued save or undo: it is never sent, and the heart shows what the server has. */
export function discardQueuedSave(userId: number, item: { key: string; kind: "save" | "unsave"; adId: number }) {
  dequeueWrite(userId, item.key);
  markSaved(item.adId, item.kind === "unsave");
}
