import type { TLikeResult } from "@waterside/shared/reviews";
import { apiData, type ApiTransport } from "~/lib/api-client";

/** POST /replies/{id}/like (reviews): toggles the caller's like and returns the exact count. */
export const likeReply = (api: ApiTransport, replyId: number) =>
  apiData<TLikeResult>(api, `/replies/${replyId}/like`, { method: "POST" });
