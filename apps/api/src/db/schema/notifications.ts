import { sql } from "drizzle-orm";
import { boolean, index, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
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
