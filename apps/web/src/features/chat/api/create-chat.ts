import type { TChatWithMessages } from "@waterside/shared/chat";
import { apiData, jsonBody, type ApiTransport } from "~/lib/api-client";

/**
 * POST /chats (chat): the first message to a seller opens (or reuses) the chat about their ad (spec §4, §7; the
 * contract spells `recieverId`). The message's `clientId` makes a resend harmless (decision 038).
 */
export const createChat = (
  api: ApiTransport,
  body: { recieverId: number; firstMessage: string; productId?: number; clientId: string },
) => apiData<TChatWithMessages>(api, "/chats", jsonBody(body));
