import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, primaryKey, text, unique, uniqueIndex } from "drizzle-orm/pg-core";
import { ads } from "./ads.ts";
import { users } from "./users.ts";
import { cascadeReference, createdAt, id, timestamptz } from "./columns.ts";

/**
 * A conversation of two users, optionally about an ad (spec §3 "Chat"). The pair is stored in order
 * (`user_low_id` < `user_high_id`) so that one pair and one ad make one chat whoever opens it.
 */
export const chats = pgTable(
  "chats",
  {
    id: id(),
    user_low_id: cascadeReference(() => users.id),
    user_high_id: cascadeReference(() => users.id),
    ad_id: integer().references(() => ads.id, { onDelete: "set null" }),
    /** The newest message, for the list's order and its last-message line. */
    last_message_id: bigint({ mode: "number" }),
    last_message_at: timestamptz().notNull().defaultNow(),
    ...createdAt,
  },
  (table) => [
    check("chats_pair_in_order", sql`${table.user_low_id} < ${table.user_high_id}`),
    // A chat without an ad is one per pair too: NULL ad ids compare equal here.
    unique("chats_pair_ad_unique").on(table.user_low_id, table.user_high_id, table.ad_id).nullsNotDistinct(),
    index("chats_low_activity_idx").on(table.user_low_id, table.last_message_at),
    index("chats_high_activity_idx").on(table.user_high_id, table.last_message_at),
  ],
);

/**
 * A message, stored before anyone is told of it. `client_id` is the sender's own id for it: a resend after a lost
 * acknowledgement finds the stored row instead of writing a second (docs/decisions/038-chat-delivery.md).
 */
export const chatMessages = pgTable(
  "chat_messages",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    chat_id: cascadeReference(() => chats.id),
    sender_id: cascadeReference(() => users.id),
    client_id: text(),
    text: text().notNull(),
    read_at: timestamptz(),
    ...createdAt,
  },
  (table) => [
    uniqueIndex("chat_messages_sender_client_unique").on(table.sender_id, table.client_id),
    index("chat_messages_chat_idx").on(table.chat_id, table.id),
    // The per-user flood limit counts a sender's recent messages.
    index("chat_messages_sender_recent_idx").on(table.sender_id, table.created_at),
    index("chat_messages_unread_idx")
      .on(table.chat_id, table.sender_id)
      .where(sql`${table.read_at} is null`),
  ],
);

/** One user blocking another: the blocked user's messages to them are refused, in every chat. */
export const userBlocks = pgTable(
  "user_blocks",
  {
    blocker_id: cascadeReference(() => users.id),
    blocked_id: cascadeReference(() => users.id),
    ...createdAt,
  },
  (table) => [primaryKey({ columns: [table.blocker_id, table.blocked_id] })],
);
