import { PUSH_SUBSCRIPTIONS_MAX } from "@waterside/shared/notifications-messages";
import { and, eq, sql } from "drizzle-orm";
import { intArray } from "../../db/array-literals.ts";
import type { Database, Transaction } from "../../db/database.ts";
import { chatEmailNotices, notificationSettings, pushSubscriptions } from "../../db/schema/notifications.ts";

export async function findSettings(db: Database, userId: number) {
  const [row] = await db
    .select({ push: notificationSettings.push, email: notificationSettings.email })
    .from(notificationSettings)
    .where(eq(notificationSettings.user_id, userId));
  return row ?? { push: true, email: true };
}

/**
 * Which of these users a push can reach: a browser subscribed, and push not turned off. A chat message to anyone else
 * queues no push job, which would only find nothing to send (most receivers, and every one of a busy chat burst's).
 */
export async function findPushableAmong(tx: Transaction, userIds: readonly number[]) {
  if (userIds.length === 0) return new Set<number>();
  const rows = await tx.execute<{ user_id: number }>(sql`
    select distinct s.user_id from push_subscriptions s
    left join notification_settings n on n.user_id = s.user_id
    where s.user_id = any(${intArray([...new Set(userIds)])}::int[]) and coalesce(n.push, true)`);
  return new Set(rows.map((row) => Number(row.user_id)));
}

export async function saveSettings(db: Database, userId: number, changes: { push?: boolean; email?: boolean }) {
  await db
    .insert(notificationSettings)
    .values({ user_id: userId, ...changes })
    .onConflictDoUpdate({ target: notificationSettings.user_id, set: { ...changes, updated_at: new Date() } });
}

/** Serialises one user's subscription writes, so concurrent registrations cannot leave more than the cap. */
const PUSH_SUBSCRIPTIONS_LOCK = 4201;

/**
 * A subscription belongs to the user who last registered it: a shared browser moves to whoever signed in. A user
 * keeps at most PUSH_SUBSCRIPTIONS_MAX browsers: registering one more forgets the one registered longest ago, so a
 * script registering endpoints in a loop gains nothing (each message is pushed to at most that many).
 */
export async function saveSubscription(
  db: Database,
  userId: number,
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
) {
  const values = { user_id: userId, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth };
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${PUSH_SUBSCRIPTIONS_LOCK}, ${userId})`);
    await tx
      .insert(pushSubscriptions)
      .values({ endpoint: subscription.endpoint, ...values })
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { ...values, created_at: sql`now()` } });
    await tx.execute(sql`
      delete from ${pushSubscriptions} where user_id = ${userId} and id not in (
        select id from ${pushSubscriptions} where user_id = ${userId}
        order by created_at desc, id desc limit ${PUSH_SUBSCRIPTIONS_MAX})`);
  });
}

export async function deleteSubscription(db: Database, userId: number, endpoint: string) {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.user_id, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

export async function deleteSubscriptionById(db: Database, id: number) {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export async function findSubscriptions(db: Database, userId: number) {
  return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.user_id, userId));
}

/** A message with what its notification shows: who wrote, the text, and whether it is still unread. */
export async function findMessageNotice(db: Database, messageId: number) {
  const [row] = await db.execute<{ chat_id: number; text: string; read: boolean; sender_name: string }>(sql`
    select m.chat_id, m.text, m.read_at is not null as read, u.name as sender_name
    from chat_messages m join users u on u.id = m.sender_id where m.id = ${messageId}`);
  return row;
}

/** A chat's messages still unread by `receiverId`: how many, the newest text and its writer. */
export async function findUnreadNotice(db: Database, chatId: number, receiverId: number) {
  const [row] = await db.execute<{ unread: number; text: string | null; sender_name: string | null }>(sql`
    select count(*)::int as unread,
      (array_agg(m.text order by m.id desc))[1] as text,
      (array_agg(u.name order by m.id desc))[1] as sender_name
    from chat_messages m join users u on u.id = m.sender_id
    where m.chat_id = ${chatId} and m.sender_id <> ${receiverId} and m.read_at is null`);
  return row;
}

/**
 * Claims the right to mail a chat's user now: true (and the time recorded) when no mail went to them for this chat
 * in the last hour. One statement, so two workers cannot both claim it.
 */
export async function claimEmailNotice(db: Database, chatId: number, userId: number) {
  const claimed = await db
    .insert(chatEmailNotices)
    .values({ chat_id: chatId, user_id: userId })
    .onConflictDoUpdate({
      target: [chatEmailNotices.chat_id, chatEmailNotices.user_id],
      set: { sent_at: sql`now()` },
      setWhere: sql`${chatEmailNotices.sent_at} < now() - interval '1 hour'`,
    })
    .returning({ chat_id: chatEmailNotices.chat_id });
  return claimed.length > 0;
}

export async function findRecipient(db: Database, userId: number) {
  const [row] = await db.execute<{ email: string | null; name: string; active: boolean }>(sql`
    select email, name, status_id = 1 and deleted_at is null as active from users where id = ${userId}`);
  return row;
}

/** The verified phone number an SMS may go to (issue 27), if the account has one. */
export async function findVerifiedPhone(db: Database, userId: number) {
  const [row] = await db.execute<{ phone: string | null }>(sql`
    select verified_phone_number as phone from users where id = ${userId} and status_id = 1 and deleted_at is null`);
  return row?.phone ?? null;
}
