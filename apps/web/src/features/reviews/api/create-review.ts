import type { TReview } from "@waterside/shared/reviews";
import { apiData, jsonBody, type ApiTransport } from "~/lib/api-client";

/** POST /reviews (reviews): ad_id, content. */
export const createReview = (api: ApiTransport, adId: number, content: string) =>
  apiData<TReview>(api, "/reviews", jsonBody({ ad_id: adId, content }));
