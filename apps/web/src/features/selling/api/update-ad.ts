import type { TAdDetail } from "@waterside/shared/ads";
import { uploadForm } from "~/lib/upload-form";
import { adFormData, type AdSubmission } from "../ad-form-data";

/**
 * POST /ads/{id} with _method=patch (selling): the seller's edit. Pictures kept are listed by id with their new
 * place (`images[update]`), new ones are uploaded with theirs (`images[upload]`); the others are removed.
 */
export function updateAd(adId: number, ad: AdSubmission, onProgress: (fraction: number) => void) {
  const body = adFormData(ad);
  body.append("_method", "patch");
  body.append("ad_id", String(adId));
  ad.pictures.forEach((picture, order) => {
    if (picture.kind === "existing") {
      body.append(`images[update][${order}][id]`, String(picture.id));
      body.append(`images[update][${order}][order]`, String(order));
    } else {
      body.append(`images[upload][${order}][file]`, picture.blob, `photo-${order}.webp`);
      body.append(`images[upload][${order}][order]`, String(order));
    }
  });
  return uploadForm<TAdDetail>(`/ads/${adId}`, body, onProgress);
}
