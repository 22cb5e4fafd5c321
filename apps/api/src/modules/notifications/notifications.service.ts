import { readFileSync } from "node:fs";
import https from "node:https";
import tls from "node:tls";
import { BRAND } from "@waterside/shared/brand";
import type { TNotificationSettings, TPushPayload, TPushSubscription } from "@waterside/shared/notifications";
import type { FastifyBaseLogger } from "fastify";
import webpush from "web-push";
import type { Database } from "../../db/database.ts";
import type { Mailer } from "../../lib/mailer.ts";
import type { SmsSender } from "../../lib/sms.ts";
import { lookupPublicOnly } from "../../lib/public-addresses.ts";
import { fieldError } from "../../plugins/errors.ts";
import type { Realtime } from "../../plugins/realtime.ts";
import { createNotificationCentreService } from "./notification-centre.service.ts";
import { checkEndpoint, checkEndpointAddress, type PushEndpointPolicy } from "./push-endpoints.ts";
import {
  claimEmailNotice,
  deleteSubscription,
  deleteSubscriptionById,
  findMessageNotice,
  findRecipient,
  findSettings,
  findSubscriptions,
  findUnreadNotice,
  saveSettings,
  saveSubscription,
} from "./notifications.queries.ts";

/** A notification shows a preview of the text only (decision 042). */
const PREVIEW_LENGTH = 100;
const preview = (text: string) => (text.length > PREVIEW_LENGTH ? `${text.slice(0, PREVIEW_LENGTH - 1)}…` : text);
/** How long a push service keeps a notification for a phone that is off: a day, then it is stale. */
const PUSH_TTL_SECONDS = 24 * 3600;
/** A push service that has not answered by then is given up on for this message: the queue must keep moving. */
const PUSH_SEND_TIMEOUT_MS = 5000;
/**
 * An idle kept-alive connection is dropped after this, before a push service's own idle timeout (Node's servers close
 * at 5 s). Node 20's agent ignores the server's Keep-Alive hint when the agent has no timeout, so without this it
 * would reuse a connection the service was closing at that moment, and that message's push would fail with a reset.
 */
const PUSH_IDLE_CONNECTION_MS = 4000;

export interface WebPushKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/**
 * Telling users of chat messages while they are away: Web Push to every subscribed browser when no socket of theirs
 * is open, and a mail when a chat's messages stay unread for a while, at most one an hour per chat.
 */
export function createNotificationsService({
  db,
  realtime,
  mailer,
  webPush,
  pushCaFile,
  pushEndpoints,
  publicUrl,
  sms,
  log,
}: {
  db: Database;
  realtime: Realtime;
  mailer: Mailer;
  /** Texts to verified phones (issue 27's Twilio sender); null when SMS is not configured. */
  sms?: SmsSender | null;
  webPush: WebPushKeys | null;
  /** Certificate authorities to trust beyond the system's for push services (WEB_PUSH_CA_FILE). */
  pushCaFile?: string;
  /** Which endpoints are accepted and contacted (decision 058). */
  pushEndpoints: PushEndpointPolicy;
  publicUrl: string;
  log: FastifyBaseLogger;
}) {
  const ca = pushCaFile ? [...tls.rootCertificates, readFileSync(pushCaFile, "utf8")] : undefined;
  // Push services are reached only at public addresses, checked as each connection resolves its name (DNS rebinding
  // cannot slip a private address in after the subscription was checked); the operator's relay is the one exception.
  const keepAlive = { keepAlive: true, timeout: PUSH_IDLE_CONNECTION_MS };
  const publicAgent = new https.Agent({ ...keepAlive, lookup: lookupPublicOnly, ...(ca && { ca }) });
  const relayAgent = new https.Agent({ ...keepAlive, ...(ca && { ca }) });
  const chatUrl = (chatId: number) => `${publicUrl}/chat/${chatId}`;

  /** Sends one notification to every browser the user subscribed; `topic` lets a newer one replace it. How many took it. */
  async function pushTo(userId: number, payload: TPushPayload, topic: string) {
    if (!webPush) return 0;
    let taken = 0;
    const options = {
      TTL: PUSH_TTL_SECONDS,
      // A phone that was off gets the latest notification of a topic, not every one that waited.
      topic,
      urgency: "normal" as const,
      vapidDetails: webPush,
      timeout: PUSH_SEND_TIMEOUT_MS,
    };
    const subscriptions = await findSubscriptions(db, userId);
    await Promise.all(
      subscriptions.map(async (subscription) => {
        // Checked again before every send: a row stored before the policy (or under a wider one) is never contacted.
        const verdict = checkEndpointAddress(subscription.endpoint, pushEndpoints);
        if (!verdict.ok) {
          log.warn({ subscriptionId: subscription.id, reason: verdict.reason }, "push endpoint refused; forgotten");
          await deleteSubscriptionById(db, subscription.id);
          return;
        }
        try {
          await webpush.sendNotification(
            { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
            JSON.stringify(payload),
            { ...options, agent: verdict.relay ? relayAgent : publicAgent },
          );
          taken++;
        } catch (error) {
          const status = (error as { statusCode?: number }).statusCode;
          // The browser unsubscribed or the subscription expired: it will never work again.
          if (status === 404 || status === 410) await deleteSubscriptionById(db, subscription.id);
          else log.warn({ err: error, status }, "web push failed");
        }
      }),
    );
    return taken;
  }

  return {
    /** The notification centre: inbox, unread count and the deliveries of notify() (issue 29). */
    centre: createNotificationCentreService({ db, realtime, mailer, sms: sms ?? null, push: pushTo, publicUrl, log }),
    publicKey: () => webPush?.publicKey ?? null,
    settings: (userId: number) => findSettings(db, userId),
    async updateSettings(userId: number, changes: Partial<TNotificationSettings>) {
      await saveSettings(db, userId, changes);
      return findSettings(db, userId);
    },
    /** Keeps a browser's subscription once its endpoint is a push service on the public internet. */
    async subscribe(userId: number, subscription: TPushSubscription) {
      const verdict = await checkEndpoint(subscription.endpoint, pushEndpoints);
      if (!verdict.ok) throw fieldError("endpoint", verdict.reason);
      await saveSubscription(db, userId, subscription);
    },
    unsubscribe: (userId: number, endpoint: string) => deleteSubscription(db, userId, endpoint),

    /** Pushes a new message to the recipient's browsers, unless they are connected (the socket told them). */
    async pushChatMessage(messageId: number, receiverId: number) {
      if (!webPush) return;
      if ((await realtime.onlineAmong([receiverId])).size > 0) return;
      if (!(await findSettings(db, receiverId)).push) return;
      const notice = await findMessageNotice(db, messageId);
      if (!notice || notice.read) return;
      const payload: TPushPayload = {
        title: notice.sender_name,
        body: preview(notice.text),
        url: chatUrl(notice.chat_id),
        tag: `chat-${notice.chat_id}`,
      };
      await pushTo(receiverId, payload, `chat-${notice.chat_id}`);
    },

    /** Mails the recipient of a chat whose messages are still unread, unless mailed about it within the hour. */
    async emailUnreadChat(chatId: number, receiverId: number) {
      const [recipient, settings, unread] = await Promise.all([
        findRecipient(db, receiverId),
        findSettings(db, receiverId),
        findUnreadNotice(db, chatId, receiverId),
      ]);
      // An account created by phone has no email until it adds one (decision 068): push alone tells it.
      if (!recipient?.active || !recipient.email || !settings.email || !unread || unread.unread === 0) return;
      if (!(await claimEmailNotice(db, chatId, receiverId))) return;
      const more = unread.unread > 1 ? ` (${unread.unread} unread messages)` : "";
      await mailer.send({
        to: recipient.email,
        subject: `${unread.sender_name} sent you a message on ${BRAND}`,
        text:
          `Hello ${recipient.name},\n\n${unread.sender_name} wrote${more}:\n\n"${preview(unread.text ?? "")}"\n\n` +
          `Reply on ${BRAND}: ${chatUrl(chatId)}\n\n` +
          `You get at most one mail an hour per chat. Turn these mails off in your profile settings.\n`,
      });
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
