import { BRAND } from "@waterside/shared/brand";
import {
  NOTIFICATIONS_CHANGED_EVENT,
  type TNotification,
  type TNotificationType,
} from "@waterside/shared/notification-centre";
import type { TPushPayload } from "@waterside/shared/notifications";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/database.ts";
import type { JobMap } from "../../lib/jobs.ts";
import type { Mailer } from "../../lib/mailer.ts";
import { toPage } from "../../lib/paging.ts";
import { SmsRejectedError, type SmsSender } from "../../lib/sms.ts";
import type { Realtime } from "../../plugins/realtime.ts";
import { liberiaDayStart, type TDeliveryChannel } from "./notification-centre.ts";
import {
  claimDelivery,
  claimSms,
  countUnread,
  findDeliveryContext,
  findPage,
  findStragglers,
  markRead,
  refuseDelivery,
  releaseDelivery,
} from "./notification-centre.queries.ts";
import { findVerifiedPhone } from "./notifications.queries.ts";

/** Notifications a page of GET /notifications holds. */
export const NOTIFICATIONS_PER_PAGE = 20;
/** A delivery still queued this long after its time lost its job: the sweep queues it again. */
const STRAGGLER_GRACE_MINUTES = 10;
const STRAGGLERS_PER_SWEEP = 500;
/** An SMS is one segment: the title, cut, and the link. */
const SMS_LENGTH = 160;

type Deliver = JobMap["notifications.deliver"];

/**
 * The notification centre (issue 29, decision 081): the user's inbox and unread count, told live to their sockets,
 * and the deliveries notify() queued, each sent at most once.
 */
export function createNotificationCentreService({
  db,
  realtime,
  mailer,
  sms,
  push,
  publicUrl,
  log,
}: {
  db: Database;
  realtime: Realtime;
  mailer: Mailer;
  sms: SmsSender | null;
  /** Web Push to every browser of the user; how many took it. */
  push: (userId: number, payload: TPushPayload, topic: string) => Promise<number>;
  publicUrl: string;
  log: FastifyBaseLogger;
}) {
  async function announce(userId: number, unread?: number) {
    realtime.sendToUser(userId, NOTIFICATIONS_CHANGED_EVENT, {
      unread_count: unread ?? (await countUnread(db, userId)),
    });
  }

  /** Records a delivery that will not go out, and why; false when another worker already took it. */
  const skip = (notificationId: number, channel: TDeliveryChannel, now: Date, detail: string) =>
    claimDelivery(db, notificationId, channel, now, { status: "skipped", detail });

  /** Claims the delivery, then sends; a failed send hands it back to the queue and fails the job (it is retried). */
  async function claimThenSend(
    notificationId: number,
    channel: TDeliveryChannel,
    now: Date,
    send: () => Promise<void>,
  ) {
    if (!(await claimDelivery(db, notificationId, channel, now, { status: "sent" }))) return;
    await sendOrRelease(notificationId, channel, send);
  }

  async function sendOrRelease(notificationId: number, channel: TDeliveryChannel, send: () => Promise<void>) {
    try {
      await send();
    } catch (error) {
      await releaseDelivery(db, notificationId, channel, error instanceof Error ? error.message : String(error));
      throw error;
    }
  }

  return {
    async list(userId: number, page: number) {
      const [{ rows, total }, unread] = await Promise.all([
        findPage(db, userId, page, NOTIFICATIONS_PER_PAGE),
        countUnread(db, userId),
      ]);
      const items: TNotification[] = rows.map((row) => ({
        ...row,
        type: row.type as TNotificationType,
        read_at: row.read_at?.toISOString() ?? null,
        created_at: row.created_at.toISOString(),
      }));
      return {
        ...toPage(items, total, page, NOTIFICATIONS_PER_PAGE, "/api/notifications"),
        unread_count: unread,
      };
    },

    /** Marks the caller's notifications read; ids of other users' notifications change nothing. */
    async markRead(userId: number, ids: number[] | "all") {
      const changed = await markRead(db, userId, ids);
      const unread = await countUnread(db, userId);
      if (changed > 0) realtime.sendToUser(userId, NOTIFICATIONS_CHANGED_EVENT, { unread_count: unread });
      return { unread_count: unread };
    },

    unreadCount: (userId: number) => countUnread(db, userId),

    /** The deliveries a sweep queues again: push and SMS still queued 10 minutes after their time. */
    async stragglers(): Promise<Deliver[]> {
      const rows = await findStragglers(db, STRAGGLER_GRACE_MINUTES, STRAGGLERS_PER_SWEEP);
      return rows.map((row) => ({
        notificationId: Number(row.notification_id),
        userId: Number(row.user_id),
        channels: row.channels,
        announce: false,
      }));
    },

    /**
     * Sends the payload's deliveries that are due at `now`, each at most once however many times this runs, and
     * tells the user's sockets when `announce`. Returns the earliest time a delivery is still held, if any.
     */
    async deliver(job: Deliver, now: Date = new Date()): Promise<{ heldUntil: Date | null }> {
      const { notificationId, userId } = job;
      const context = await findDeliveryContext(db, notificationId);
      if (job.announce) await announce(userId, context?.unread);
      if (!context) return { heldUntil: null };
      const { notification, recipient, settings } = context;
      const link = `${publicUrl}${notification.url}`;
      const held: Date[] = [];
      for (const channel of job.channels) {
        const delivery = context.delivery(channel);
        if (delivery?.status !== "queued") continue;
        if (delivery.not_before > now) {
          held.push(delivery.not_before);
          continue;
        }
        if (!recipient?.active) {
          await skip(notificationId, channel, now, "the account is not active");
        } else if (channel === "push") {
          if (!settings.push) await skip(notificationId, channel, now, "push turned off in the user's settings");
          else if (!context.hasPushSubscription) await skip(notificationId, channel, now, "no push subscription");
          else {
            const tag = job.pushTag ?? `notification-${notificationId}`;
            await claimThenSend(notificationId, channel, now, async () => {
              await push(userId, { title: notification.title, body: notification.body, url: link, tag }, tag);
            });
          }
        } else if (channel === "email") {
          if (!recipient.email) await skip(notificationId, channel, now, "no email address");
          else if (!settings.email) await skip(notificationId, channel, now, "email turned off in the user's settings");
          else {
            const to = recipient.email;
            const mail = job.email ?? {
              subject: `${notification.title} on ${BRAND}`,
              text: `Hello ${recipient.name},\n\n${notification.body}\n\n${link}\n`,
              html: undefined,
            };
            const unsubscribe = job.email?.unsubscribeUrl;
            await claimThenSend(notificationId, channel, now, () =>
              mailer.send({
                to,
                subject: mail.subject,
                text: mail.text,
                ...(mail.html && { html: mail.html }),
                // RFC 8058: a mail client's one-click unsubscribe POSTs to the link, no login needed.
                ...(unsubscribe && {
                  headers: {
                    "List-Unsubscribe": `<${unsubscribe}>`,
                    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
                  },
                }),
              }),
            );
          }
        } else {
          const phone = await findVerifiedPhone(db, userId);
          if (!sms) await skip(notificationId, channel, now, "SMS is not configured");
          else if (!phone) await skip(notificationId, channel, now, "no verified phone");
          else if ((await claimSms(db, notificationId, userId, now, liberiaDayStart(now))) === "sent") {
            await sendOrRelease(notificationId, channel, async () => {
              try {
                await sms.send({ to: phone, body: job.sms ?? smsText(notification.title, link) });
              } catch (error) {
                // The provider refused this number or text: trying again would be refused again.
                if (!(error instanceof SmsRejectedError) || error.status >= 500) throw error;
                await refuseDelivery(db, notificationId, channel, error.message);
              }
            });
          }
        }
      }
      const heldUntil = held.length ? new Date(Math.min(...held.map((time) => time.getTime()))) : null;
      if (heldUntil) log.debug({ notificationId, heldUntil }, "deliveries held through the quiet hours");
      return { heldUntil };
    },
  };
}

/** One SMS segment: the title, shortened so the whole link fits. */
function smsText(title: string, link: string) {
  const room = SMS_LENGTH - link.length - 1;
  const text = title.length > room ? `${title.slice(0, Math.max(0, room - 1))}…` : title;
  return `${text} ${link}`;
}

export type NotificationCentreService = ReturnType<typeof createNotificationCentreService>;
