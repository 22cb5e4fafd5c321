import { apiData, type ApiTransport } from "~/lib/api-client";

/** DELETE /chats/{id}/block (chat): lifts the caller's block of the chat's other user. */
export const unblockChatUser = (api: ApiTransport, chatId: number) =>
  apiData<null>(api, `/chats/${chatId}/block`, { method: "DELETE" });
