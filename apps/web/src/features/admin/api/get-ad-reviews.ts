import type { TPaged } from "@waterside/shared/api-envelope";
import type { TReview } from "@waterside/shared/reviews";
import { apiData, type ApiTransport } from "~/lib/api-client";

/** The admin reads an ad's reviews 10 at a time (the public page shows 2): it is checking them, not browsing. */
const ADMIN_AD_REVIEWS_PAGE = 10;

/**
 * GET /reviews/ad/{adId} (reviews, public): a page of an ad's reviews, newest first, each with its first replies.
 * There is no admin reviews-of-an-ad call: the public one answers 404 for an ad that is not active.
 */
export const getAdReviews = (api: ApiTransport, adId: number, page: number) =>
  apiData<TPaged<TReview>>(api, `/reviews/ad/${adId}?page=${page}&per_page=${ADMIN_AD_REVIEWS_PAGE}`);
