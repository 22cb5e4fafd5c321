import { ZSocketSendMessage } from "@waterside/shared/chat";
import type { TSendMessageAck } from "@waterside/shared/realtime";
import type { FastifyBaseLogger } from "fastify";
import { HttpError } from "../../plugins/errors.ts";
import type { Realtime } from "../../plugins/realtime.ts";
import type { ChatService } from "./chat.service.ts";

/**
 * The chat side of the socket (spec §7): send-message is acknowledged only after the message is stored, so a client
 * that resends until acknowledged loses nothing (docs/decisions/038-chat-delivery.md), and the acknowledgement is how
 * that socket hears of its message (decision 114); `online` tells each user which of their contacts are connected, on
 * connect and whenever that changes.
 */
export function handleChatSockets(realtime: Realtime, chat: ChatService, log: FastifyBaseLogger) {
  realtime.io.on("connection", (socket) => {
    const { userId } = socket.data;

    socket.on("send-message", async (event, acknowledge) => {
      const reply = (answer: TSendMessageAck) => (typeof acknowledge === "function" ? acknowledge(answer) : undefined);
      const parsed = ZSocketSendMessage.safeParse(event);
      if (!parsed.success) return reply({ ok: false, status: 422, message: parsed.error.issues[0]!.message });
      // The spec's client sends its current token with each message: a signed-out session ends here.
      if (!(await realtime.stillSignedIn(socket, parsed.data.token))) return;
      try {
        // A socket that asked for an acknowledgement finds its message there, not again as new-message (decision 114).
        const acknowledgedTo = typeof acknowledge === "function" ? socket.id : undefined;
        reply({ ok: true, data: await chat.sendTo(userId, parsed.data, acknowledgedTo) });
      } catch (error) {
        if (error instanceof HttpError) return reply({ ok: false, status: error.statusCode, message: error.message });
        log.error({ err: error, userId }, "send-message failed");
        reply({ ok: false, status: 500, message: "The message could not be sent. It will be tried again." });
      }
    });

    const presence = () =>
      chat.presenceChanged(userId).catch((error: unknown) => log.warn({ err: error }, "presence update failed"));
    // A socket that connects as the process closes finds realtime closed: its client reconnects to a process that is up.
    void chat
      .onlineContacts(userId)
      .then((online) => socket.emit("online", online))
      .then(presence, (error: unknown) => log.warn({ err: error, userId }, "online contacts not sent"));
    socket.on("disconnect", () => void presence());
  });
}
