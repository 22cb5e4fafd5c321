import { CHAT_MESSAGES } from "@waterside/shared/chat-messages";
import type { Database } from "../../db/database.ts";
import type { DomainEvents } from "../../lib/domain-events.ts";
import { HttpError, notFound } from "../../plugins/errors.ts";
import {
  findSentMany,
  findWritingStandings,
  insertMessages,
  lockChats,
  lockSenders,
  openChats,
  chatPairKey,
  type ChatPair,
  type MessageRow,
} from "./chat.queries.ts";

/** A message to store: into a chat, or into the chat of the two users about an ad, opened by this first message. */
export interface MessageOrder {
  senderId: number;
  receiverId: number;
  text: string;
  clientId: string | null;
  chat: { id: number } | { open: { adId: number | null; isContact: boolean } };
}

/**
 * `stored`: written now; `found`: its client id was already stored (a resend, or a repeat in the same batch), the row
 * is that one; `refused`: the receiver cannot receive, one blocked the other, or the chat is gone.
 */
export type Written =
  | { kind: "stored"; row: MessageRow; chatCreated: boolean }
  | { kind: "found"; row: MessageRow }
  | { kind: "refused"; error: HttpError };

type Outcome = { written: Written } | { error: unknown };

/** Batches one process may write at once: a second collects while the first commits, both on pool connections. */
const IN_FLIGHT = 2;
/** Messages in one statement at most (five parameters each, far below PostgreSQL's 65,535). */
const MOST_IN_A_BATCH = 500;
/**
 * Messages a process keeps waiting for a batch at most: ten full batches, two and a half seconds of the 2,000 a second
 * one process is sized for, and at most 20 MB of text (2,000 characters of two bytes each). Past it, a process that
 * cannot keep up refuses new messages with 503 instead of holding ever more of them (decision 101): the client keeps
 * the message and sends it again under its client id, as after any 5xx.
 */
const MOST_WAITING = 5_000;

/**
 * This process's one writer of chat messages (decision 101). Messages that arrive while a batch is being written wait
 * for the next one, so under load a batch holds everything that came in during the last commit, and when idle a
 * message is written at once: the wait a message adds is at most one batch's write, never a fixed timer. Each batch is
 * one transaction under its senders' locks (decisions 039, 063) with a handful of statements whatever its size; each
 * sender hears back once its batch has committed. A batch that fails is written again one message at a time, so one
 * bad message fails only its own sender.
 */
export function createMessageWriter(
  db: Database,
  events: DomainEvents,
  { mostWaiting = MOST_WAITING }: { mostWaiting?: number } = {},
) {
  const waiting: Array<{ order: MessageOrder; settle: (outcome: Outcome) => void }> = [];
  let writing = 0;
  let gathering = false;
  /** Set when the process closes: every message is refused from then on. */
  let closing = false;
  /** Who waits for the batches in flight to end (a process closing). */
  const drainers: Array<() => void> = [];

  const start = () => {
    gathering = false;
    while (writing < IN_FLIGHT && waiting.length > 0) {
      const batch = waiting.splice(0, MOST_IN_A_BATCH);
      writing += 1;
      void writeOrRetryAlone(batch.map(({ order }) => order)).then((outcomes) => {
        writing -= 1;
        batch.forEach(({ settle }, index) => settle(outcomes[index]!));
        schedule();
        // Drained once the settled senders' continuations (acknowledging, telling both users) have run.
        if (writing === 0 && waiting.length === 0) for (const drained of drainers.splice(0)) setImmediate(drained);
      });
    }
  };
  // Messages that arrived in one read of the sockets join one batch: the start waits for the end of this I/O phase.
  const schedule = () => {
    if (gathering || writing >= IN_FLIGHT || waiting.length === 0) return;
    gathering = true;
    setImmediate(start);
  };

  /** Each order's outcome: the whole batch, then each message alone if the batch failed. */
  async function writeOrRetryAlone(orders: MessageOrder[]): Promise<Outcome[]> {
    try {
      return (await writeBatch(orders)).map((written) => ({ written }));
    } catch (error) {
      if (orders.length === 1) return [{ error }];
      return Promise.all(
        orders.map(async (order) => {
          try {
            return { written: (await writeBatch([order]))[0]! };
          } catch (alone) {
            return { error: alone };
          }
        }),
      );
    }
  }

  function writeBatch(orders: MessageOrder[]): Promise<Written[]> {
    return events.transaction(db, async (tx, publish) => {
      const results: Array<Written | undefined> = orders.map(() => undefined);
      const keyOf = (senderId: number, clientId: string) => `${senderId}:${clientId}`;
      const named = orders.flatMap((order) =>
        order.clientId === null ? [] : [{ senderId: order.senderId, clientId: order.clientId }],
      );
      const pairs = new Map(orders.map((order) => [`${order.senderId}>${order.receiverId}`, order]));
      const opensAny = orders.some((order) => "open" in order.chat);
      // One round trip for the look-ups (decision 101): sent together, PostgreSQL runs them in this order on the
      // transaction's connection, so each reads under the senders' locks taken by the first. A batch that opens a chat
      // locks its chats once they are all known, below, so every batch takes them in one statement in id order.
      const [, sent, standings, lockedFirst] = await Promise.all([
        lockSenders(
          tx,
          orders.map((order) => order.senderId),
        ),
        findSentMany(tx, named),
        findWritingStandings(
          tx,
          [...pairs.values()].map(({ senderId, receiverId }) => ({ senderId, receiverId })),
        ),
        opensAny
          ? undefined
          : lockChats(tx, [...new Set(orders.flatMap((order) => ("id" in order.chat ? [order.chat.id] : [])))]),
      ]);

      // Resends: a client id stored before (its acknowledgement lost) is confirmed with its row, without the checks.
      const stored = new Map(sent.map((row) => [keyOf(row.sender_id, row.client_id!), row] as const));
      orders.forEach((order, index) => {
        const row = order.clientId === null ? undefined : stored.get(keyOf(order.senderId, order.clientId));
        if (row) results[index] = { kind: "found", row };
      });

      // The receivers' standing, read under the senders' locks: a block committed before is seen, a later one waits.
      const fresh = orders.flatMap((order, index) => (results[index] ? [] : [index]));
      const standingOf = new Map(
        standings.map((standing) => [`${standing.senderId}>${standing.receiverId}`, standing]),
      );
      for (const index of fresh) {
        const standing = standingOf.get(`${orders[index]!.senderId}>${orders[index]!.receiverId}`)!;
        if (!standing.canReceive) {
          results[index] = {
            kind: "refused",
            error: new HttpError(422, CHAT_MESSAGES.unavailable, { recieverId: [CHAT_MESSAGES.unavailable] }),
          };
        } else if (standing.blocked) {
          results[index] = { kind: "refused", error: new HttpError(403, CHAT_MESSAGES.blocked) };
        }
      }

      // First messages open their chat here, so a refused one leaves no empty chat behind.
      const chatIds = new Map<number, number>();
      const opened = new Set<number>();
      const pairOf = (order: MessageOrder, adId: number | null): ChatPair => ({
        low: Math.min(order.senderId, order.receiverId),
        high: Math.max(order.senderId, order.receiverId),
        adId,
      });
      const opening = fresh.filter((index) => !results[index] && "open" in orders[index]!.chat);
      const chats =
        opening.length === 0
          ? new Map<string, { id: number; created: boolean }>()
          : await openChats(tx, [
              ...new Map(
                opening.map((index) => {
                  const order = orders[index]!;
                  const pair = pairOf(order, "open" in order.chat ? order.chat.open.adId : null);
                  return [chatPairKey(pair), pair] as const;
                }),
              ).values(),
            ]);
      for (const index of fresh) {
        const order = orders[index]!;
        if (results[index]) continue;
        if ("id" in order.chat) {
          chatIds.set(index, order.chat.id);
          continue;
        }
        const { adId, isContact } = order.chat.open;
        const key = chatPairKey(pairOf(order, adId));
        const chat = chats.get(key)!;
        chatIds.set(index, chat.id);
        // Only the first message of the batch into a chat it created opened it.
        if (!chat.created) continue;
        chats.set(key, { ...chat, created: false });
        opened.add(index);
        // A buyer's new chat about the seller's ad (not a seller writing first about their own) is a contact.
        if (adId !== null && isContact) {
          await publish("chat.started", { chatId: chat.id, adId, buyerId: order.senderId });
        }
      }
      const present = new Set(lockedFirst ?? (await lockChats(tx, [...new Set(chatIds.values())])));
      for (const [index, chatId] of chatIds) {
        if (!present.has(chatId)) results[index] = { kind: "refused", error: notFound("Chat") };
      }

      // One row per client id: a repeat within the batch gets the row its first copy stored.
      const carriers = new Map<string, number>();
      const toInsert: number[] = [];
      for (const index of fresh) {
        const order = orders[index]!;
        if (results[index]) continue;
        if (order.clientId !== null) {
          const key = keyOf(order.senderId, order.clientId);
          if (carriers.has(key)) continue;
          carriers.set(key, index);
        }
        toInsert.push(index);
      }
      const rows =
        toInsert.length === 0
          ? []
          : await insertMessages(
              tx,
              toInsert.map((index) => ({ ...orders[index]!, chatId: chatIds.get(index)! })),
            );
      // Rows come back in the order given (ids follow it): those with a client id by it, the others in turn.
      const byClientId = new Map(
        rows.flatMap((row) => (row.client_id === null ? [] : [[keyOf(row.sender_id, row.client_id), row] as const])),
      );
      const unnamed = rows.filter((row) => row.client_id === null);
      const created: Array<{ index: number; row: MessageRow }> = [];
      for (const index of toInsert) {
        const order = orders[index]!;
        const row = order.clientId === null ? unnamed.shift() : byClientId.get(keyOf(order.senderId, order.clientId));
        // Under the senders' locks no other writer stores their client ids: the unique index never turns one away.
        if (!row) throw new Error(`chat message of sender ${order.senderId} was not stored`);
        results[index] = { kind: "stored", row, chatCreated: opened.has(index) };
        created.push({ index, row });
      }
      for (const index of fresh) {
        const order = orders[index]!;
        if (results[index] || order.clientId === null) continue;
        const carrier = results[carriers.get(keyOf(order.senderId, order.clientId))!];
        if (carrier?.kind !== "stored") throw new Error(`chat message of sender ${order.senderId} has no first copy`);
        results[index] = { kind: "found", row: carrier.row };
      }

      // The stored messages' reactions (push and mail jobs, the trust figures) commit with them: one event for the
      // batch, so each reacting module spends a statement or two on the whole batch, not on each message.
      if (created.length > 0) {
        await publish("chat.messages.created", {
          messages: created.map(({ index, row }) => ({
            chatId: row.chat_id,
            messageId: Number(row.id),
            senderId: row.sender_id,
            receiverId: orders[index]!.receiverId,
          })),
        });
      }
      return results.map((written) => written!);
    });
  }

  return {
    /**
     * Stores `order` with the next batch; resolves once that batch has committed. Refused at once with 503 when
     * `mostWaiting` messages already wait, or the process is closing: nothing of it is stored, and its client id makes
     * the resend safe.
     */
    write(order: MessageOrder): Promise<Written> {
      if (closing || waiting.length >= mostWaiting) return Promise.reject(new HttpError(503, CHAT_MESSAGES.busy));
      return new Promise<Written>((resolve, reject) => {
        waiting.push({
          order,
          settle: (outcome) => ("written" in outcome ? resolve(outcome.written) : reject(outcome.error)),
        });
        schedule();
      });
    },

    /**
     * For a closing process: refuses the messages waiting for a batch and every later one with 503 (their clients send
     * them again, to a process that is up), and resolves once the batches being written have committed and their
     * senders have heard back. Writing what waits could take many batches under load, past the shutdown's timeout.
     */
    close(): Promise<void> {
      closing = true;
      for (const { settle } of waiting.splice(0)) settle({ error: new HttpError(503, CHAT_MESSAGES.busy) });
      if (writing === 0) return Promise.resolve();
      return new Promise((resolve) => drainers.push(resolve));
    },
  };
}

export type MessageWriter = ReturnType<typeof createMessageWriter>;
