import type { TPaged } from "@waterside/shared/api-envelope";
import type { TReview } from "@waterside/shared/reviews";
import { apiData, type ApiTransport } from "~/lib/api-client";

/** GET /reviews/ad/{adId}?page (reviews): a page of an ad's reviews, newest first, each with its first replies. */
export const getReviews = (api: ApiTransport, adId: number, page = 1) =>
  apiData<TPaged<TReview>>(api, `/reviews/ad/${adId}?page=${page}`);
