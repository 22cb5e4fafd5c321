import type { TChatWithMessages } from "@waterside/shared/chat";
import { apiData, type ApiTransport } from "~/lib/api-client";

/**
 * GET /chats/{id} (chat): the chat with a page of its messages, oldest first: the newest page, the page `before` a
 * message (scrolling up) or what came `after` one. Every read marks the other side's messages read.
 */
export function getChat(api: ApiTransport, chatId: number, page: { before?: number; after?: number } = {}) {
  const query = new URLSearchParams();
  if (page.before !== undefined) query.set("before", String(page.before));
  if (page.after !== undefined) query.set("after", String(page.after));
  const search = query.toString();
  return apiData<TChatWithMessages>(api, `/chats/${chatId}${search ? `?${search}` : ""}`);
}
