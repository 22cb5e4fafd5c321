import { io, type Socket } from "socket.io-client";
import {
  REALTIME_PATH,
  REALTIME_UNAUTHORIZED,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from "@waterside/shared/realtime";
import { forgetOnlineContacts, publishOnlineContacts } from "./online-contacts";
import { publishUnreadNotifications } from "./unread-notifications";
import { currentSession, getAccessToken } from "./session";

/** The socket typed with the shared event map (packages/shared/src/realtime.ts), as the server's is. */
export type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** The admin area never opens the users' socket (spec §4: "the socket connects only when … not admin"). */
const isAdminPath = () => window.location.pathname === "/admin" || window.location.pathname.startsWith("/admin/");

/** After a refused handshake (expired or revoked token), tries again this long after, doubling up to the cap. */
const RETRY_FIRST_MS = 2_000;
const RETRY_MAX_MS = 60_000;

let socket: RealtimeSocket | null = null;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let retryDelay = RETRY_FIRST_MS;

/**
 * Socket.IO only tries again by itself after a network failure. A handshake the server refused, or a socket it
 * ended (a token checked again and refused), stays down: it is tried again later, with a token refreshed meanwhile,
 * for as long as someone is signed in.
 */
function retryLater() {
  clearTimeout(retryTimer);
  retryTimer = setTimeout(() => {
    if (socket && currentSession() && !socket.connected) socket.connect();
  }, retryDelay);
  retryDelay = Math.min(retryDelay * 2, RETRY_MAX_MS);
}

/**
 * The tab's one socket on path /messages, connected when someone is signed in and the page is not the admin area;
 * null otherwise. The handshake asks for the token each time, so a reconnect carries the current one
 * (lib/session.ts refreshes it before it expires).
 */
export function openSocket(): RealtimeSocket | null {
  if (typeof window === "undefined" || isAdminPath() || !currentSession()) return null;
  if (!socket) {
    const created: RealtimeSocket = io({
      path: REALTIME_PATH,
      autoConnect: false,
      auth: (send) => {
        void getAccessToken().then((token) => send({ token: token ?? "" }));
      },
    });
    created.on("connect", () => {
      retryDelay = RETRY_FIRST_MS;
    });
    created.on("connect_error", (error) => {
      if (!created.active || error.message === REALTIME_UNAUTHORIZED) retryLater();
    });
    created.on("disconnect", (reason) => {
      if (reason === "io server disconnect") retryLater();
    });
    created.on("online", publishOnlineContacts);
    created.on("notifications-changed", publishUnreadNotifications);
    socket = created;
  }
  if (!socket.connected && !socket.active) socket.connect();
  return socket;
}

/** Closes the socket: on signing out, or when the signed-in user changes. */
export function closeSocket() {
  clearTimeout(retryTimer);
  retryDelay = RETRY_FIRST_MS;
  socket?.disconnect();
  socket?.removeAllListeners();
  socket = null;
  forgetOnlineContacts();
}
