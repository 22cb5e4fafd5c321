import type { TPaged } from "@waterside/shared/api-envelope";
import type { TUserReview } from "@waterside/shared/deals";
import { apiData, type ApiTransport } from "~/lib/api-client";

/** GET /users/{id}/reviews (deals): the reviews a user got from proven deals, newest first, paged. Public. */
export const getUserReviews = (api: ApiTransport, userId: number, page = 1) =>
  apiData<TPaged<TUserReview>>(api, `/users/${userId}/reviews?page=${page}`);
