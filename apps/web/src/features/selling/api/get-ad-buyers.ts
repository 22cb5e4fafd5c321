import type { TPaged } from "@waterside/shared/api-envelope";
import type { TChat } from "@waterside/shared/chat";
import { apiData, type ApiTransport } from "~/lib/api-client";

/**
 * GET /chats (chat), first page: the people who chatted with the seller about this ad, whom Mark as sold offers as
 * the buyer (the API accepts only them). Older chats beyond the first page are not offered: "Someone else" stays.
 */
export async function getAdBuyers(api: ApiTransport, adId: number) {
  const chats = await apiData<TPaged<TChat>>(api, "/chats?page=1");
  return chats.data.filter((chat) => chat.productId?.id === adId).map((chat) => chat.user);
}
