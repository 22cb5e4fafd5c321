import type { TLikeResult } from "@waterside/shared/reviews";
import { apiData, type ApiTransport } from "~/lib/api-client";

/** POST /reviews/{id}/like (reviews): toggles the caller's like and returns the exact count. */
export const likeReview = (api: ApiTransport, reviewId: number) =>
  apiData<TLikeResult>(api, `/reviews/${reviewId}/like`, { method: "POST" });
