import type { TAdDetail } from "@waterside/shared/ads";
import { uploadForm } from "~/lib/upload-form";
import { adFormData, type AdSubmission } from "../ad-form-data";

/** POST /ads/create (selling): a new ad with its photos in order, reporting the upload's progress. */
export function createAd(ad: AdSubmission, onProgress: (fraction: number) => void) {
  const body = adFormData(ad);
  ad.pictures.forEach((picture, order) => {
    if (picture.kind === "new") body.append("images[]", picture.blob, `photo-${order}.webp`);
  });
  return uploadForm<TAdDetail>("/ads/create", body, onProgress);
}
