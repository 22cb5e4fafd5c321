import { dealAmountText, dealChatLine, dealNoticeClientId } from "@waterside/shared/deals-messages";
import type { DomainEvents } from "../../lib/domain-events.ts";
import type { Realtime } from "../../plugins/realtime.ts";
import { toMessage } from "./chat.service.ts";
import { chatPairKey, insertMessages, openChats } from "./chat.queries.ts";

/**
 * A safe deal's steps in the chat of its buyer and seller about the ad (issue 33), opened if they never chatted: one
 * line per step, the same for both, sent as the party it concerns least (the actor, or the buyer for the money's own
 * steps) so the other finds it unread. Its client id (`deal:<id>:<action>`) makes the web show the deal's card and
 * makes a step written twice one message (unique per sender and client id). Not a person's message: no
 * `chat.messages.created`, so no push or mail of its own (the deal's notification is that) and no reply time counted.
 */
export function reactToChatEvents(events: DomainEvents, realtime: Realtime) {
  events.onWrite("deal.changed", async (change, tx, afterCommit) => {
    const senderId = change.actorUserId === change.sellerId ? change.sellerId : change.buyerId;
    const receiverId = senderId === change.buyerId ? change.sellerId : change.buyerId;
    const pair = {
      low: Math.min(change.buyerId, change.sellerId),
      high: Math.max(change.buyerId, change.sellerId),
      adId: change.adId,
    };
    const chat = (await openChats(tx, [pair])).get(chatPairKey(pair))!;
    const text = dealChatLine(change.action, change.status, dealAmountText(change.amount, change.currency));
    // A step already written (the same client id) inserts nothing.
    const [row] = await insertMessages(tx, [
      { chatId: chat.id, senderId, text, clientId: dealNoticeClientId(change.dealId, change.action) },
    ]);
    if (!row) return;
    afterCommit(async () => {
      realtime.sendToUser(receiverId, "new-message", {
        message: toMessage(row, receiverId),
        payload: { chatId: chat.id, isSender: false },
      });
      realtime.sendToUser(senderId, "new-message", {
        message: toMessage(row, senderId),
        payload: { chatId: chat.id, isSender: true },
      });
    });
  });
}
