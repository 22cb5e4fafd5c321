import type { TReply } from "@waterside/shared/reviews";
import { apiData, jsonBody, type ApiTransport } from "~/lib/api-client";

/** PATCH /replies/{id} (reviews): content; the reply comes back marked edited. */
export const updateReply = (api: ApiTransport, replyId: number, content: string) =>
  apiData<TReply>(api, `/replies/${replyId}`, jsonBody({ content }, "PATCH"));
