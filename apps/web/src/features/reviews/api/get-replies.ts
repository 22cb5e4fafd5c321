import type { TPaged } from "@waterside/shared/api-envelope";
import type { TReply } from "@waterside/shared/reviews";
import { apiData, type ApiTransport } from "~/lib/api-client";

/** GET /replies/review/{reviewId}?page (reviews): a page of a review's replies, oldest first, 5 a page. */
export const getReplies = (api: ApiTransport, reviewId: number, page: number) =>
  apiData<TPaged<TReply>>(api, `/replies/review/${reviewId}?page=${page}`);
