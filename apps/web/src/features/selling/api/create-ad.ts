import type { TAdDetail } from "@waterside/shared/ads";
import { IDEMPOTENCY_HEADER } from "@waterside/shared/idempotency-messages";
import { uploadForm } from "~/lib/upload-form";
import { adFormData, type AdSubmission } from "../ad-form-data";

/**
 * POST /ads/create (selling): a new ad with its photos in order, reporting the upload's progress. The key is the
 * same for every try of one post, so a post sent again (its answer lost, or queued offline) is made once
 * (decision 104).
 */
export function createAd(ad: AdSubmission, onProgress: (fraction: number) => void, idempotencyKey: string) {
  const body = adFormData(ad);
  ad.pictures.forEach((picture, order) => {
    if (picture.kind === "new") body.append("images[]", picture.blob, `photo-${order}.webp`);
  });
  return uploadForm<TAdDetail>("/ads/create", body, onProgress, { [IDEMPOTENCY_HEADER]: idempotencyKey });
}
