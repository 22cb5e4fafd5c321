import { apiData, type ApiTransport } from "~/lib/api-client";

/** POST /chats/{id}/block (chat): the other user's messages are refused until unblocked (decision 039). */
export const blockChatUser = (api: ApiTransport, chatId: number) =>
  apiData<null>(api, `/chats/${chatId}/block`, { method: "POST" });
