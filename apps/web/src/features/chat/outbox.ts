import { queueChanged } from "~/lib/write-queue";
import type { PendingMessage } from "./chat-store";

/**
 * What survives a reload (docs/decisions/038-chat-delivery.md): the messages not acknowledged yet, resent with the
 * same client id, and the highest message id this browser has seen, from which a reconnect catches up. Both are
 * kept per user, so a shared phone never sends one person's messages as another's.
 */
const outboxKey = (userId: number) => `waterside.chat.outbox.${userId}`;
const lastIdKey = (userId: number) => `waterside.chat.last_id.${userId}`;

function readJson<T>(key: string, fallback: T): T {
  try {
    return (JSON.parse(localStorage.getItem(key) ?? "null") as T | null) ?? fallback;
  } catch {
    return fallback;
  }
}

function writeJson(key: string, value: unknown) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // A full storage keeps the messages in memory only: they are still sent while the page is open.
  }
}

function parseOutbox(text: string | null): PendingMessage[] {
  let stored: unknown;
  try {
    stored = JSON.parse(text ?? "[]");
  } catch {
    return [];
  }
  return Array.isArray(stored)
    ? stored.filter(
        (item: Partial<PendingMessage> | null): item is PendingMessage =>
          typeof item?.clientId === "string" && typeof item.text === "string" && typeof item.to === "number",
      )
    : [];
}

export const readOutbox = (userId: number) => parseOutbox(localStorage.getItem(outboxKey(userId)));

/**
 * Another tab of the same user changed the outbox: what it added (to send from here too; the server stores a
 * message once whoever sends it) and what it removed (acknowledged or deleted there). Null for any other key.
 */
export function outboxChange(event: StorageEvent, userId: number) {
  if (event.key !== outboxKey(userId)) return null;
  const before = new Set(parseOutbox(event.oldValue).map((item) => item.clientId));
  const after = parseOutbox(event.newValue);
  const kept = new Set(after.map((item) => item.clientId));
  return {
    added: after.filter((item) => !before.has(item.clientId)),
    removed: new Set([...before].filter((clientId) => !kept.has(clientId))),
  };
}

export function writeOutbox(userId: number, pending: readonly PendingMessage[]) {
  if (pending.length === 0) localStorage.removeItem(outboxKey(userId));
  else
    writeJson(
      outboxKey(userId),
      pending.map(({ stalled: _stalled, ...item }) => item),
    );
  // The queue of writes made offline that the top of every page shows counts these messages too (decision 104).
  queueChanged();
}

export function readLastMessageId(userId: number): number {
  const stored = Number(readJson<number>(lastIdKey(userId), 0));
  return Number.isSafeInteger(stored) && stored > 0 ? stored : 0;
}

export function writeLastMessageId(userId: number, id: number) {
  writeJson(lastIdKey(userId), id);
}
