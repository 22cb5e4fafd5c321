import type { TChatMessage } from "@waterside/shared/chat";
import { apiData, type ApiTransport } from "~/lib/api-client";

/** GET /chats/updates (chat): every message of the user's chats since a message id, for a client that reconnects. */
export const getChatUpdates = (api: ApiTransport, after: number) =>
  apiData<{ chatId: number; message: TChatMessage }[]>(api, `/chats/updates?after=${after}`);
