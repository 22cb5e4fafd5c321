import type { TUserReview } from "@waterside/shared/deals";
import { apiData, jsonBody, type ApiTransport } from "~/lib/api-client";

/** POST /user-reviews {deal_id, stars, content} (deals): one review of the other party per proven deal. */
export const createUserReview = (api: ApiTransport, review: { deal_id: number; stars: number; content: string }) =>
  apiData<TUserReview>(api, "/user-reviews", jsonBody(review));
