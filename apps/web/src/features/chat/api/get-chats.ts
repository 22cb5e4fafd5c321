import type { TPaged } from "@waterside/shared/api-envelope";
import type { TChat } from "@waterside/shared/chat";
import { apiData, type ApiTransport } from "~/lib/api-client";

/** GET /chats (chat): a page of the user's chats, newest activity first, optionally those whose other user matches. */
export function getChats(api: ApiTransport, { search, page = 1 }: { search?: string; page?: number } = {}) {
  const query = new URLSearchParams({ page: String(page) });
  if (search) query.set("search", search);
  return apiData<TPaged<TChat>>(api, `/chats?${query}`);
}
