import { eq } from "drizzle-orm";
import { notificationSettings, pushSubscriptions } from "../../db/schema/notifications.ts";
import type { DomainEvents } from "../../lib/domain-events.ts";
import type { Jobs } from "../../lib/jobs.ts";
import { findPushableAmong } from "./notifications.queries.ts";
import { bindNotificationCentre, type QuietHours } from "./notification-centre.ts";
import type { NotificationsService } from "./notifications.service.ts";

/** Push jobs a process takes at once, and how many of them wait on push services at the same time. */
const PUSH_BATCH = 100;
const PUSH_CONCURRENCY = 20;

/**
 * Stored chat messages queue their notifications in the same transaction, so a crash after the commit loses none and
 * a rolled-back batch queues none: a push at once, and a mail once the delay has passed (decision 042).
 */
export function reactToNotificationsEvents(
  events: DomainEvents,
  jobs: Jobs,
  notifications: NotificationsService,
  { emailDelaySeconds, quietHours }: { emailDelaySeconds: number; quietHours: QuietHours },
) {
  // A push mostly waits on the push service: many at once, fetched often, so a burst of 1,000 messages reaches phones
  // within seconds instead of five jobs every two seconds (bench/push.bench.ts).
  jobs.work(
    "notifications.push-chat-message",
    ({ messageId, receiverId }) => notifications.pushChatMessage(messageId, receiverId),
    { batchSize: PUSH_BATCH, concurrency: PUSH_CONCURRENCY, pollingIntervalSeconds: 0.5 },
  );
  // `short`: one waiting job per singleton key (chat and recipient), so later messages ride on it (decision 042); the
  // default policy ignores the key and would queue a mail job per batch of a busy chat.
  jobs.work(
    "notifications.email-unread-chat",
    ({ chatId, receiverId }) => notifications.emailUnreadChat(chatId, receiverId),
    { policy: "short" },
  );

  // Two statements for the writer's whole batch (decision 101): a push job per message to a receiver a push can
  // reach, and a mail job per chat and recipient, which reads the chat's unread messages when it runs, unless one
  // already waits for them.
  events.onWrite("chat.messages.created", async ({ messages }, tx) => {
    const startAfter = new Date(Date.now() + emailDelaySeconds * 1000);
    const unreadChats = new Map(
      messages.map(({ chatId, receiverId }) => [`${chatId}:${receiverId}`, { chatId, receiverId }] as const),
    );
    const pushable = await findPushableAmong(
      tx,
      messages.map(({ receiverId }) => receiverId),
    );
    await jobs.sendMany(
      [
        ...messages.flatMap(({ messageId, receiverId }) =>
          pushable.has(receiverId)
            ? [{ name: "notifications.push-chat-message" as const, data: { messageId, receiverId } }]
            : [],
        ),
        ...[...unreadChats].map(([key, unread]) => ({
          name: "notifications.email-unread-chat" as const,
          data: unread,
          startAfter,
          singletonKey: key,
        })),
      ],
      { tx },
    );
  });

  // The notification centre's deliveries (issue 29, decision 081): notify() queues them with the notification. A
  // failed send hands its delivery back and the job is retried; a delivery held past the job's start (the clocks of
  // this process and the database differ a little) is looked at again when it is due.
  bindNotificationCentre(jobs, { quietHours });
  jobs.work(
    "notifications.deliver",
    async (job) => {
      const { heldUntil } = await notifications.centre.deliver(job);
      if (heldUntil) {
        await jobs.send(
          "notifications.deliver",
          { ...job, announce: false },
          { startAfter: new Date(heldUntil.getTime() + 1000) },
        );
      }
    },
    {
      retryLimit: 5,
      retryDelay: 30,
      retryBackoff: true,
      batchSize: PUSH_BATCH,
      concurrency: PUSH_CONCURRENCY,
      pollingIntervalSeconds: 0.5,
    },
  );

  // A push or SMS whose job failed for good (the gateway down for a quarter of an hour) or was lost is queued again;
  // its claim still lets it go out once.
  jobs.work("notifications.deliver-sweep", async () => {
    for (const job of await notifications.centre.stragglers()) {
      await jobs.send("notifications.deliver", job, { singletonKey: `sweep:${job.notificationId}` });
    }
  });
  jobs.schedule("notifications.deliver-sweep", "*/5 * * * *", {});

  events.onWrite("user.deleted", async ({ userId }, tx) => {
    await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.user_id, userId));
    await tx.delete(notificationSettings).where(eq(notificationSettings.user_id, userId));
  });
}
