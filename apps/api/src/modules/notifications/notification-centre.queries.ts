import { and, count, desc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Database, Transaction } from "../../db/database.ts";
import { notificationDeliveries, notifications } from "../../db/schema/notifications.ts";
import type { TDeliveryChannel } from "./notification-centre.ts";

/** Serialises one user's SMS claims, so two deliveries at once cannot both take the day's one SMS. */
const SMS_DAY_LOCK = 4291;

export async function countUnread(db: Database, userId: number) {
  const [row] = await db
    .select({ unread: count() })
    .from(notifications)
    .where(and(eq(notifications.user_id, userId), isNull(notifications.read_at)));
  return row?.unread ?? 0;
}

/** One page of a user's notifications, newest first, and how many they have. */
export async function findPage(db: Database, userId: number, page: number, perPage: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: notifications.id,
        type: notifications.type,
        title: notifications.title,
        body: notifications.body,
        url: notifications.url,
        image_url: notifications.image_url,
        read_at: notifications.read_at,
        created_at: notifications.created_at,
      })
      .from(notifications)
      .where(eq(notifications.user_id, userId))
      .orderBy(desc(notifications.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ total: count() }).from(notifications).where(eq(notifications.user_id, userId)),
  ]);
  return { rows, total: total?.total ?? 0 };
}

/** Marks the user's own unread notifications read (these ids, or all of them); how many changed. */
export async function markRead(db: Database, userId: number, ids: number[] | "all") {
  const changed = await db
    .update(notifications)
    .set({ read_at: sql`now()` })
    .where(
      and(
        eq(notifications.user_id, userId),
        isNull(notifications.read_at),
        ids === "all" ? undefined : inArray(notifications.id, ids),
      ),
    )
    .returning({ id: notifications.id });
  return changed.length;
}

/**
 * Takes one queued delivery that is due at `now` for this worker, recording its outcome (`sent` before the send, or
 * `skipped` with why) in the same statement: a second worker or a retried job finds it no longer queued.
 */
export async function claimDelivery(
  db: Database | Transaction,
  notificationId: number,
  channel: TDeliveryChannel,
  now: Date,
  outcome: { status: "sent" } | { status: "skipped"; detail: string },
) {
  const claimed = await db
    .update(notificationDeliveries)
    .set({
      status: outcome.status,
      detail: outcome.status === "skipped" ? outcome.detail : null,
      sent_at: outcome.status === "sent" ? now : null,
    })
    .where(
      and(
        eq(notificationDeliveries.notification_id, notificationId),
        eq(notificationDeliveries.channel, channel),
        eq(notificationDeliveries.status, "queued"),
        lte(notificationDeliveries.not_before, now),
      ),
    )
    .returning({ channel: notificationDeliveries.channel });
  return claimed.length > 0;
}

/** A send that failed gives its delivery back to the queue, with why, for the job's retry. */
export async function releaseDelivery(db: Database, notificationId: number, channel: TDeliveryChannel, why: string) {
  await db
    .update(notificationDeliveries)
    .set({ status: "queued", sent_at: null, detail: why.slice(0, 500) })
    .where(
      and(eq(notificationDeliveries.notification_id, notificationId), eq(notificationDeliveries.channel, channel)),
    );
}

/** A send the provider refused for good (a bad number): recorded as skipped, with the provider's why. */
export async function refuseDelivery(db: Database, notificationId: number, channel: TDeliveryChannel, why: string) {
  await db
    .update(notificationDeliveries)
    .set({ status: "skipped", sent_at: null, detail: why.slice(0, 500) })
    .where(
      and(eq(notificationDeliveries.notification_id, notificationId), eq(notificationDeliveries.channel, channel)),
    );
}

/**
 * Everything a delivery job decides from, in one round trip (a burst of alerts runs hundreds of these a second): the
 * notification, its recipient and their settings, whether they have a push subscription, the unread count to
 * announce, and each channel's delivery. Undefined when the notification is gone.
 */
export async function findDeliveryContext(db: Database, notificationId: number) {
  const [row] = await db.execute<{
    title: string;
    body: string;
    url: string;
    user_found: boolean;
    name: string | null;
    email: string | null;
    active: boolean;
    push_on: boolean;
    email_on: boolean;
    has_push_subscription: boolean;
    unread: number;
    deliveries: Record<string, { status: string; not_before: string }>;
  }>(sql`
    select n.title, n.body, n.url,
      u.id is not null as user_found, u.name, u.email, coalesce(u.status_id = 1 and u.deleted_at is null, false) as active,
      coalesce(s.push, true) as push_on, coalesce(s.email, true) as email_on,
      exists (select 1 from push_subscriptions p where p.user_id = n.user_id) as has_push_subscription,
      (select count(*)::int from notifications x where x.user_id = n.user_id and x.read_at is null) as unread,
      coalesce((select json_object_agg(d.channel, json_build_object('status', d.status, 'not_before', d.not_before))
        from notification_deliveries d where d.notification_id = n.id), '{}') as deliveries
    from notifications n
    left join users u on u.id = n.user_id
    left join notification_settings s on s.user_id = n.user_id
    where n.id = ${notificationId}`);
  if (!row) return undefined;
  const delivery = (channel: TDeliveryChannel) => {
    const found = row.deliveries[channel];
    return found && { status: found.status, not_before: new Date(found.not_before) };
  };
  return {
    notification: { title: row.title, body: row.body, url: row.url },
    recipient: row.user_found ? { name: row.name!, email: row.email, active: row.active } : undefined,
    settings: { push: row.push_on, email: row.email_on },
    hasPushSubscription: row.has_push_subscription,
    unread: row.unread,
    delivery,
  };
}

/**
 * Claims an SMS delivery under the one-a-day rule: `sent` when no SMS went to the user since `dayStart`, else
 * `skipped`. One user's claims run one at a time.
 */
export async function claimSms(db: Database, notificationId: number, userId: number, now: Date, dayStart: Date) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SMS_DAY_LOCK}, ${userId})`);
    const [sentToday] = await tx.execute<{ sent: number }>(sql`
      select count(*)::int as sent from ${notificationDeliveries} d
      join ${notifications} n on n.id = d.notification_id
      where n.user_id = ${userId} and d.channel = 'sms' and d.status = 'sent' and d.sent_at >= ${dayStart.toISOString()}::timestamptz`);
    const outcome =
      (sentToday?.sent ?? 0) > 0
        ? ({ status: "skipped", detail: "one SMS a day: one was already sent today" } as const)
        : ({ status: "sent" } as const);
    const claimed = await claimDelivery(tx, notificationId, "sms", now, outcome);
    return claimed ? outcome.status : null;
  });
}

/**
 * Push and SMS deliveries still queued `graceMinutes` after their time (their job failed for good or was lost), by
 * notification: at most `limit` notifications a run. Mail is left out: its content lived in the job's payload.
 */
export async function findStragglers(db: Database, graceMinutes: number, limit: number) {
  return db.execute<{ notification_id: number; user_id: number; channels: Array<"push" | "sms"> }>(sql`
    select d.notification_id, n.user_id, array_agg(d.channel order by d.channel) as channels
    from ${notificationDeliveries} d join ${notifications} n on n.id = d.notification_id
    where d.status = 'queued' and d.channel in ('push', 'sms')
      and d.not_before < now() - make_interval(mins => ${graceMinutes})
    group by d.notification_id, n.user_id
    order by d.notification_id
    limit ${limit}`);
}
