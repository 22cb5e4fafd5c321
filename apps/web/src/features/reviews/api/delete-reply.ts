import { apiData, type ApiTransport } from "~/lib/api-client";

/** DELETE /replies/{id} (reviews). */
export const deleteReply = (api: ApiTransport, replyId: number) =>
  apiData<null>(api, `/replies/${replyId}`, { method: "DELETE" });
