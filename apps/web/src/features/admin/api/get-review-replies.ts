import type { TPaged } from "@waterside/shared/api-envelope";
import type { TReply } from "@waterside/shared/reviews";
import { apiData, type ApiTransport } from "~/lib/api-client";

/** GET /replies/review/{reviewId} (reviews, public): a page of a review's replies, oldest first, 5 a page. */
export const getReviewReplies = (api: ApiTransport, reviewId: number, page: number) =>
  apiData<TPaged<TReply>>(api, `/replies/review/${reviewId}?page=${page}`);
