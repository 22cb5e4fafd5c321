import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { chats } from "./chat.ts";
import { users } from "./users.ts";
import { cascadeReference, createdAt, id, timestamps, timestamptz } from "./columns.ts";

/** A browser's Web Push subscription (one per device and browser profile); dropped when the push service says 404/410. */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: id(),
    user_id: cascadeReference(() => users.id),
    endpoint: text().notNull().unique(),
    p256dh: text().notNull(),
    auth: text().notNull(),
    ...createdAt,
  },
  (table) => [index("push_subscriptions_user_idx").on(table.user_id)],
);

/** Which channels tell a user of a message while they are away; a user without a row gets both. */
export const notificationSettings = pgTable("notification_settings", {
  user_id: cascadeReference(() => users.id).primaryKey(),
  push: boolean().notNull().default(true),
  email: boolean().notNull().default(true),
  ...timestamps,
});

/** When a chat's unread messages were last mailed to one of its users: at most one email per chat an hour. */
export const chatEmailNotices = pgTable(
  "chat_email_notices",
  {
    chat_id: cascadeReference(() => chats.id),
    user_id: cascadeReference(() => users.id),
    sent_at: timestamptz()
      .notNull()
      .default(sql`now()`),
  },
  (table) => [primaryKey({ columns: [table.chat_id, table.user_id] })],
);

/**
 * The notification centre (issue 29, decision 081): what the bell and GET /notifications show. `dedupe_key` names
 * what a notification is about ('saved_search:<search>:<window>', 'price_drop:<ad>:<user>:<day>', …), so a retried
 * or doubled job writes it once.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    user_id: cascadeReference(() => users.id),
    type: text().notNull(),
    title: text().notNull(),
    body: text().notNull(),
    /** Where opening it goes, a path of the web app (/ads/…, /profile?tab=…). */
    url: text().notNull(),
    image_url: text(),
    dedupe_key: text().notNull().unique(),
    read_at: timestamptz(),
    ...createdAt,
  },
  (table) => [
    index("notifications_user_idx").on(table.user_id, table.id),
    index("notifications_unread_idx")
      .on(table.user_id)
      .where(sql`${table.read_at} is null`),
  ],
);

/**
 * Each channel a notification went out on, once (issue 29): the key is the notification and the channel, so a
 * retried delivery job finds its row and sends nothing twice. `not_before` holds push and SMS through quiet hours.
 */
export const notificationDeliveries = pgTable(
  "notification_deliveries",
  {
    notification_id: bigint({ mode: "number" })
      .notNull()
      .references(() => notifications.id, { onDelete: "cascade" }),
    channel: text().notNull(),
    /** 'queued' until sent, then 'sent', or 'skipped' with why (no push subscription, no verified phone, unsubscribed). */
    status: text().notNull().default("queued"),
    detail: text(),
    not_before: timestamptz().notNull().defaultNow(),
    sent_at: timestamptz(),
    ...createdAt,
  },
  (table) => [
    primaryKey({ columns: [table.notification_id, table.channel] }),
    check("notification_deliveries_channel", sql`${table.channel} in ('push', 'email', 'sms')`),
    check("notification_deliveries_status", sql`${table.status} in ('queued', 'sent', 'skipped')`),
    index("notification_deliveries_queued_idx")
      .on(table.not_before)
      .where(sql`${table.status} = 'queued'`),
  ],
);
