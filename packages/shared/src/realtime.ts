/**
 * The realtime contract on Socket.IO path `/messages` (spec §7): every event either side may send, with its
 * payload. The server and the web client both type their sockets with these maps.
 */

/** A chat message as the socket carries it (spec §3 "Message"). */
export interface TRealtimeMessage {
  id: number;
  text: string;
  createdAt: string;
  isSender: boolean;
  isRead: boolean;
}

export interface ServerToClientEvents {
  /** A message was stored in a chat the user is in; `isSender` tells this user's own devices apart. */
  "new-message": (event: { message: TRealtimeMessage; payload: { chatId: number; isSender: boolean } }) => void;
  /** Ids of the user's contacts who are online now. */
  online: (userIds: number[]) => void;
}

export interface ClientToServerEvents {
  "send-message": (
    event: { to: number; message: string; token?: string; payload: { chatId?: number } },
    acknowledge?: (reply: { ok: boolean; message?: string }) => void,
  ) => void;
}

/** Where the socket listens, and the handshake failure for a missing, expired or revoked token. */
export const REALTIME_PATH = "/messages";
export const REALTIME_UNAUTHORIZED = "unauthorized";
