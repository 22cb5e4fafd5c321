import { SELLING_MESSAGES } from "@waterside/shared/selling-messages";
import { newDraftId, pictureKey, saveDraft, type FormPicture } from "~/lib/ad-drafts";
import { ApiError } from "~/lib/api-client";
import { notify } from "~/lib/notify";
import { loadQueuedAd, removeQueuedAd } from "~/lib/queued-ads";
import { dequeueWrite, isOfflineFailure } from "~/lib/write-queue";
import { createAd } from "./api/create-ad";

/** Answers after which the same post is tried again later: no connection, the server's failure, a limit, a login. */
const tryAgainLater = (error: unknown) =>
  isOfflineFailure(error) ||
  !(error instanceof ApiError) ||
  error.status >= 500 ||
  error.status === 401 ||
  error.status === 429;

/**
 * Sends an ad queued offline (decision 104) with its key, so a repeat posts nothing twice. True when it is settled:
 * posted, or refused and handed back as a draft with the server's messages (never lost); false when it must wait.
 */
export async function sendQueuedAd(userId: number, item: { key: string; title: string }): Promise<boolean> {
  const ad = await loadQueuedAd(item.key);
  if (!ad) {
    // Its photos are gone (discarded in another tab, or the browser cleared its storage): nothing can be sent.
    dequeueWrite(userId, item.key);
    return true;
  }
  const pictures: FormPicture[] = ad.photos.map((blob) => ({ key: pictureKey(), kind: "new", blob, url: "" }));
  try {
    await createAd({ values: ad.values, attributes: ad.attributes, pictures }, () => {}, item.key);
    notify("success", SELLING_MESSAGES.queuedPosted(item.title));
  } catch (error) {
    if (tryAgainLater(error)) return false;
    const refusal = error as ApiError;
    await saveDraft(newDraftId(), ad.values, pictures, { message: refusal.message, errors: refusal.errors ?? {} });
    notify("error", SELLING_MESSAGES.queuedRefused(item.title, refusal.message));
  }
  dequeueWrite(userId, item.key);
  await removeQueuedAd(item.key);
  return true;
}
