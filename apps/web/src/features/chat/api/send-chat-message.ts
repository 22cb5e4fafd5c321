import type { TChatMessage } from "@waterside/shared/chat";
import { apiData, jsonBody, type ApiTransport } from "~/lib/api-client";

/** POST /chats/{id}/messages (chat): a message without the socket, when it is not connected (decision 038). */
export const sendChatMessage = (api: ApiTransport, chatId: number, body: { text: string; clientId: string }) =>
  apiData<TChatMessage>(api, `/chats/${chatId}/messages`, jsonBody(body));
