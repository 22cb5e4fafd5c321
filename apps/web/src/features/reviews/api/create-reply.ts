import type { TReply } from "@waterside/shared/reviews";
import { apiData, jsonBody, type ApiTransport } from "~/lib/api-client";

/** POST /replies (reviews): content, review_id. */
export const createReply = (api: ApiTransport, reviewId: number, content: string) =>
  apiData<TReply>(api, "/replies", jsonBody({ content, review_id: reviewId }));
