import type { TAdminReview } from "@waterside/shared/admin-moderation";
import type { TPaged } from "@waterside/shared/api-envelope";
import type { REVIEW_SORTS } from "@waterside/shared/reviews-messages";
import { apiData, type ApiTransport } from "~/lib/api-client";
import { queryString } from "./query-string";

export interface UserReviewsQuery {
  page?: number;
  per_page?: number;
  sort_by?: (typeof REVIEW_SORTS)[number];
  sort_order?: "asc" | "desc";
}

/** GET /admin/reviews (admin): the reviews a user wrote, each with every reply and its ad's title. */
export const getUserReviews = (api: ApiTransport, userId: number, query: UserReviewsQuery = {}) =>
  apiData<TPaged<TAdminReview>>(api, `/admin/reviews?${queryString({ user_id: userId, ...query })}`);
