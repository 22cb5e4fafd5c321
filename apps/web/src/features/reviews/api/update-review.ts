import type { TReview } from "@waterside/shared/reviews";
import { apiData, jsonBody, type ApiTransport } from "~/lib/api-client";

/** PATCH /reviews/{id} (reviews): review_id, content; the review comes back marked edited. */
export const updateReview = (api: ApiTransport, reviewId: number, content: string) =>
  apiData<TReview>(api, `/reviews/${reviewId}`, jsonBody({ review_id: reviewId, content }, "PATCH"));
