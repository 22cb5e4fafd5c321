import type { TNotificationsChanged } from "./notification-centre.ts";

/**
 * The realtime contract on Socket.IO path `/messages` (spec §7): every event either side may send, with its
 * payload. The server and the web client both type their sockets with these maps.
 */

/** A chat message as the socket carries it (spec §3 "Message"); `clientId` is the sender's own id for it. */
export interface TRealtimeMessage {
  id: number;
  text: string;
  createdAt: string;
  isSender: boolean;
  isRead: boolean;
  clientId: string | null;
}

/** The server's answer to send-message: the stored message, or why it was refused (spec words, field errors). */
export type TSendMessageAck =
  { ok: true; data: { chatId: number; message: TRealtimeMessage } } | { ok: false; message: string; status: number };

export interface ServerToClientEvents {
  /** A message was stored in a chat the user is in; `isSender` tells this user's own devices apart. */
  "new-message": (event: { message: TRealtimeMessage; payload: { chatId: number; isSender: boolean } }) => void;
  /** Ids of the user's contacts who are online now: the whole list, sent on connect and whenever it changes. */
  online: (userIds: number[]) => void;
  /** The other side read this chat's messages up to this id (beyond the spec: the "read" tick). */
  "messages-read": (event: { chatId: number; upTo: number }) => void;
  /**
   * A block between this user and `userId` was set or lifted, by either of them (beyond the spec: decision 039,
   * told live by decision 063). The flags are this user's view, as chats carry them; they hold for every chat of the
   * two, and while either is true neither can write to the other.
   */
  "block-changed": (event: { userId: number; blockedByMe: boolean; blockedMe: boolean }) => void;
  /** The user's count of unread notifications changed: a new one, or some were read (issue 29, decision 081). */
  /** NOTIFICATIONS_CHANGED_EVENT */
  "notifications-changed": (event: TNotificationsChanged) => void;
}

export interface ClientToServerEvents {
  /**
   * Spec §7's fields, plus `clientId`: a client that resends until acknowledged gives the same id each time and the
   * message is stored once (docs/decisions/038-chat-delivery.md).
   */
  "send-message": (
    event: {
      to: number;
      message: string;
      token?: string;
      payload: { chatId?: number; productId?: number };
      clientId?: string;
    },
    acknowledge?: (reply: TSendMessageAck) => void,
  ) => void;
}

/** Where the socket listens, and the handshake failure for a missing, expired or revoked token. */
export const REALTIME_PATH = "/messages";
export const REALTIME_UNAUTHORIZED = "unauthorized";
