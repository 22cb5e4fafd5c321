import { USER_STATUS } from "@waterside/shared/reference-ids";
import { and, eq, sql } from "drizzle-orm";
import { intArray, textArray } from "../../db/array-literals.ts";
import type { Database, Transaction } from "../../db/database.ts";
import { chats, userBlocks } from "../../db/schema/chat.ts";
import { usdPriceOf } from "../exchange-rates/latest-rate.ts";

type Reader = Pick<Database, "execute" | "select">;

/** A chat as the list and the conversation read it, from the point of view of `viewerId`. */
export interface ChatRow {
  id: number;
  updated_at: string;
  other_id: number;
  other_name: string;
  other_profile_image: string | null;
  other_bio: string | null;
  other_phone_number: string | null;
  other_email: string | null;
  usertype_id: number;
  usertype_name: string;
  message_id: number | null;
  message_text: string | null;
  message_created_at: string | null;
  message_sender_id: number | null;
  message_read_at: string | null;
  message_client_id: string | null;
  unread: number;
  ad_id: number | null;
  ad_title: string | null;
  ad_price: string | null;
  ad_category_id: number | null;
  ad_category_name: string | null;
  ad_subcategory_id: number | null;
  ad_image: string | null;
  blocked_by_me: boolean;
  blocked_me: boolean;
}

const chatColumns = (viewerId: number) => sql`
  c.id, c.last_message_at as updated_at,
  other.id as other_id, other.name as other_name, other.profile_image as other_profile_image, other.bio as other_bio,
  other.phone_number as other_phone_number, other.email as other_email,
  ut.id as usertype_id, ut.name as usertype_name,
  m.id::float8 as message_id, m.text as message_text, m.created_at as message_created_at,
  m.sender_id as message_sender_id, m.read_at as message_read_at, m.client_id as message_client_id,
  (select count(*)::int from chat_messages unread
     where unread.chat_id = c.id and unread.sender_id <> ${viewerId} and unread.read_at is null) as unread,
  a.id as ad_id, a.title as ad_title, ${usdPriceOf("a")}::text as ad_price, a.category_id as ad_category_id,
  cat.name as ad_category_name, a.subcategory_id as ad_subcategory_id,
  (select path from ad_images i where i.ad_id = a.id order by i."order" limit 1) as ad_image,
  exists (select 1 from user_blocks b where b.blocker_id = ${viewerId} and b.blocked_id = other.id) as blocked_by_me,
  exists (select 1 from user_blocks b where b.blocker_id = other.id and b.blocked_id = ${viewerId}) as blocked_me`;

const chatJoins = (viewerId: number) => sql`
  from chats c
  join users other on other.id = case when c.user_low_id = ${viewerId} then c.user_high_id else c.user_low_id end
  join user_types ut on ut.id = other.usertype_id
  left join chat_messages m on m.id = c.last_message_id
  left join ads a on a.id = c.ad_id
  left join categories cat on cat.id = a.category_id`;

const memberOf = (viewerId: number) => sql`(c.user_low_id = ${viewerId} or c.user_high_id = ${viewerId})`;

/** The viewer's chats that have a message, newest activity first, optionally those whose other user's name matches. */
export async function findChats(
  db: Reader,
  viewerId: number,
  { search, limit, offset }: { search?: string; limit: number; offset: number },
) {
  const nameMatches = search ? sql`and other.name ilike ${`%${search.replace(/[\\%_]/g, "\\$&")}%`}` : sql``;
  const [rows, [counted]] = await Promise.all([
    db.execute<ChatRow & Record<string, unknown>>(sql`
      select ${chatColumns(viewerId)} ${chatJoins(viewerId)}
      where ${memberOf(viewerId)} and c.last_message_id is not null ${nameMatches}
      order by c.last_message_at desc, c.id desc
      limit ${limit} offset ${offset}`),
    db.execute<{ total: number }>(sql`
      select count(*)::int as total ${chatJoins(viewerId)}
      where ${memberOf(viewerId)} and c.last_message_id is not null ${nameMatches}`),
  ]);
  return { rows: [...rows], total: counted?.total ?? 0 };
}

/** One chat of the viewer; undefined when it does not exist or the viewer is not in it. */
export async function findChat(db: Reader, viewerId: number, chatId: number) {
  const [row] = await db.execute<ChatRow & Record<string, unknown>>(sql`
    select ${chatColumns(viewerId)} ${chatJoins(viewerId)}
    where c.id = ${chatId} and ${memberOf(viewerId)}`);
  return row;
}

export interface MessageRow {
  id: number;
  chat_id: number;
  sender_id: number;
  client_id: string | null;
  text: string;
  read_at: string | null;
  created_at: string;
}

/** A page of a chat's messages, oldest first: the newest ones, those before a message, or those after one. */
export async function findMessages(
  db: Reader,
  chatId: number,
  { before, after, limit }: { before?: number; after?: number; limit: number },
): Promise<{ messages: MessageRow[]; hasOlder: boolean }> {
  if (after !== undefined) {
    const messages = await db.execute<MessageRow & Record<string, unknown>>(sql`
      select id::float8 as id, chat_id, sender_id, client_id, text, read_at, created_at from chat_messages
      where chat_id = ${chatId} and id > ${after} order by id limit ${limit}`);
    return { messages: [...messages], hasOlder: true };
  }
  const rows = await db.execute<MessageRow & Record<string, unknown>>(sql`
    select id::float8 as id, chat_id, sender_id, client_id, text, read_at, created_at from chat_messages
    where chat_id = ${chatId} ${before !== undefined ? sql`and id < ${before}` : sql``}
    order by id desc limit ${limit + 1}`);
  return { messages: rows.slice(0, limit).reverse(), hasOlder: rows.length > limit };
}

/**
 * Every message of the viewer's chats after a message id, plus those written up to half a minute before it: ids are
 * taken when a message is written, so a slower writer's lower id can commit after a higher one the client already
 * has. The client keeps what it lacks by id (docs/decisions/038-chat-delivery.md).
 */
export async function findMessagesSince(db: Reader, viewerId: number, afterId: number, limit: number) {
  const rows = await db.execute<MessageRow & Record<string, unknown>>(sql`
    with anchor as (select created_at from chat_messages where id = ${afterId})
    select m.id::float8 as id, m.chat_id, m.sender_id, m.client_id, m.text, m.read_at, m.created_at
    from chat_messages m join chats c on c.id = m.chat_id
    where ${memberOf(viewerId)}
      and (m.id > ${afterId} or (m.id < ${afterId} and m.created_at >= (select created_at from anchor) - interval '30 seconds'))
    order by m.id limit ${limit}`);
  return [...rows];
}

export async function findChatBetween(db: Reader, userA: number, userB: number, adId: number | null) {
  const [low, high] = userA < userB ? [userA, userB] : [userB, userA];
  const [row] = await db
    .select({ id: chats.id })
    .from(chats)
    .where(
      and(
        eq(chats.user_low_id, low),
        eq(chats.user_high_id, high),
        adId === null ? sql`${chats.ad_id} is null` : eq(chats.ad_id, adId),
      ),
    );
  return row?.id;
}

/** Two users and an ad (or none): what names one chat. The users are in order, as chats store them. */
export interface ChatPair {
  low: number;
  high: number;
  adId: number | null;
}
export const chatPairKey = ({ low, high, adId }: ChatPair) => `${low}:${high}:${adId ?? ""}`;

/**
 * The chats of these pairs, each created when missing, in one statement (in pair order, so two openers of the same
 * chats wait for each other instead of deadlocking). Concurrent openers get the same row, and only the one that
 * inserted it is told `created`. A chat another writer committed during the statement is read again after it.
 */
export async function openChats(tx: Transaction, pairs: readonly ChatPair[]) {
  const rows = await tx.execute<{ id: number; low: number; high: number; ad_id: number | null; created: boolean }>(sql`
    with wanted(low, high, ad_id) as (
      select * from unnest(${intArray(pairs.map((pair) => pair.low))}::int[],
        ${intArray(pairs.map((pair) => pair.high))}::int[], ${intArray(pairs.map((pair) => pair.adId))}::int[])),
    inserted as (
      insert into chats (user_low_id, user_high_id, ad_id)
      select low, high, ad_id from wanted order by low, high, ad_id nulls first
      on conflict do nothing
      returning id, user_low_id as low, user_high_id as high, ad_id)
    select id, low, high, ad_id, true as created from inserted
    union all
    select c.id, c.user_low_id, c.user_high_id, c.ad_id, false from chats c
    join wanted w on c.user_low_id = w.low and c.user_high_id = w.high and c.ad_id is not distinct from w.ad_id`);
  const opened = new Map(
    rows.map((row) => [chatPairKey({ ...row, adId: row.ad_id }), { id: row.id, created: row.created }] as const),
  );
  for (const pair of pairs) {
    if (opened.has(chatPairKey(pair))) continue;
    opened.set(chatPairKey(pair), { id: (await findChatBetween(tx, pair.low, pair.high, pair.adId))!, created: false });
  }
  return opened;
}

/** The two members of a chat, or undefined when it does not exist. */
export async function findMembers(db: Reader, chatId: number) {
  const [row] = await db
    .select({ low: chats.user_low_id, high: chats.user_high_id })
    .from(chats)
    .where(eq(chats.id, chatId));
  return row;
}

const messageColumns = sql`id::float8 as id, chat_id, sender_id, client_id, text, read_at, created_at`;

/**
 * Stores messages in one statement, in the order given (ids follow it), and moves each chat's newest message forward
 * (only ever forward, whichever of two concurrent writers commits last). Called under the senders' locks after
 * `findSentMany` found none of their client ids, so the unique (sender, client id) index is a backstop: a row it
 * turns away is simply not returned.
 */
export async function insertMessages(
  tx: Transaction,
  messages: ReadonlyArray<{ chatId: number; senderId: number; text: string; clientId: string | null }>,
): Promise<MessageRow[]> {
  // The chats' newest message moves in the same statement (one round trip): each chat's highest id inserted.
  const inserted = await tx.execute<MessageRow & Record<string, unknown>>(sql`
    with inserted as (
      insert into chat_messages (chat_id, sender_id, client_id, text)
      select chat_id, sender_id, client_id, text
      from unnest(${intArray(messages.map((message) => message.chatId))}::int[],
        ${intArray(messages.map((message) => message.senderId))}::int[],
        ${textArray(messages.map((message) => message.clientId))}::text[],
        ${textArray(messages.map((message) => message.text))}::text[])
        with ordinality as input(chat_id, sender_id, client_id, text, ord)
      order by ord
      on conflict (sender_id, client_id) do nothing
      returning id, chat_id, sender_id, client_id, text, read_at, created_at),
    moved as (
      update chats c set last_message_id = greatest(coalesce(c.last_message_id, 0), newest.id),
        last_message_at = greatest(c.last_message_at, newest.created_at)
      from (select distinct on (chat_id) chat_id, id, created_at from inserted order by chat_id, id desc) newest
      where c.id = newest.chat_id)
    select ${messageColumns} from inserted`);
  return [...inserted].sort((a, b) => a.id - b.id);
}

/**
 * Locks these chats' rows in id order (answering those that exist), before their messages are stored: two batches (on one process or two) that
 * share chats then take them in the same order and wait for each other instead of deadlocking.
 */
export async function lockChats(tx: Transaction, chatIds: readonly number[]): Promise<number[]> {
  if (chatIds.length === 0) return [];
  const rows = await tx.execute<{ id: number }>(sql`
    select id from chats where id = any(${intArray([...chatIds].sort((a, b) => a - b))}::int[])
    order by id for no key update`);
  return rows.map((row) => row.id);
}

/** A message a sender stored under their own id for it, if any. */
export async function findSent(db: Reader, senderId: number, clientId: string) {
  const [row] = await db.execute<MessageRow & Record<string, unknown>>(sql`
    select ${messageColumns} from chat_messages where sender_id = ${senderId} and client_id = ${clientId}`);
  return row;
}

/** The messages these senders stored under these client ids, in one query. */
export async function findSentMany(db: Reader, sent: ReadonlyArray<{ senderId: number; clientId: string }>) {
  if (sent.length === 0) return [];
  const rows = await db.execute<MessageRow & Record<string, unknown>>(sql`
    select ${messageColumns} from chat_messages
    where (sender_id, client_id) in (select * from unnest(${intArray(sent.map((one) => one.senderId))}::int[],
      ${textArray(sent.map((one) => one.clientId))}::text[]))`);
  return [...rows];
}

/**
 * What a flood counter starts from: the sender's messages within the last `seconds`, each under its client id (or its
 * row id), with when it was stored in ms.
 */
export async function findRecentSends(db: Reader, senderId: number, seconds: number) {
  const rows = await db.execute<{ member: string; at: number }>(sql`
    select coalesce('c:' || client_id, 'm:' || id) as member, (extract(epoch from created_at) * 1000)::float8 as at
    from chat_messages where sender_id = ${senderId} and created_at > now() - make_interval(secs => ${seconds})`);
  return rows.map(({ member, at }) => ({ member, at: Number(at) }));
}

/** Marks the other side's unread messages of a chat read; the highest id marked, if any. */
export async function markRead(db: Pick<Database, "execute">, chatId: number, readerId: number) {
  const [row] = await db.execute<{ up_to: number | null }>(sql`
    with marked as (
      update chat_messages set read_at = now()
      where chat_id = ${chatId} and sender_id <> ${readerId} and read_at is null
      returning id)
    select max(id)::float8 as up_to from marked`);
  return row?.up_to ?? null;
}

/**
 * What decides whether each sender may write to each receiver now, in one query: the receiver is an active account,
 * and whether either blocked the other. Read under the senders' locks in the transaction that stores their messages,
 * so a block set meanwhile (`setBlocked` takes the same lock) is either seen or committed after them.
 */
export async function findWritingStandings(
  db: Reader,
  pairs: ReadonlyArray<{ senderId: number; receiverId: number }>,
): Promise<Array<{ senderId: number; receiverId: number; canReceive: boolean; blocked: boolean }>> {
  const rows = await db.execute<{
    sender_id: number;
    receiver_id: number;
    can_receive: boolean | null;
    blocked: boolean;
  }>(
    sql`
    select pair.sender_id, pair.receiver_id,
      (select status_id = ${USER_STATUS.active} and deleted_at is null from users where id = pair.receiver_id)
        as can_receive,
      exists (select 1 from user_blocks
        where (blocker_id = pair.sender_id and blocked_id = pair.receiver_id)
           or (blocker_id = pair.receiver_id and blocked_id = pair.sender_id)) as blocked
    from unnest(${intArray(pairs.map((pair) => pair.senderId))}::int[],
      ${intArray(pairs.map((pair) => pair.receiverId))}::int[]) as pair(sender_id, receiver_id)`,
  );
  return rows.map((row) => ({
    senderId: row.sender_id,
    receiverId: row.receiver_id,
    canReceive: Boolean(row.can_receive),
    blocked: Boolean(row.blocked),
  }));
}

/**
 * The key space of the per-sender lock (two-key advisory locks: reports use 1401; the one-key locks of the seed and
 * pg-boss are a separate space).
 */
const CHAT_SENDER_LOCK = 3901;

/**
 * Waits for any other message of these senders being stored to commit, and holds them off until this transaction
 * ends. Every message is stored under its sender's lock, and the statements after it see what committed before (READ
 * COMMITTED), so checking then inserting is one step on every process: no message is stored after a block against
 * its sender committed, and a client id found absent stays absent. Taken in id order, so two batches that share
 * senders wait for each other instead of deadlocking.
 */
export async function lockSenders(tx: Transaction, senderIds: readonly number[]) {
  await tx.execute(sql`
    select pg_advisory_xact_lock(${CHAT_SENDER_LOCK}, sender_id)
    from unnest(${intArray([...new Set(senderIds)].sort((a, b) => a - b))}::int[]) with ordinality as s(sender_id, ord)
    order by ord`);
}

/** One sender's lock (`lockSenders`). */
export const lockSender = (tx: Transaction, senderId: number) => lockSenders(tx, [senderId]);

/**
 * Sets or lifts `blockerId`'s block of `blockedId` and returns the pair's standing after it. It takes the blocked
 * user's sender lock first, so a message of theirs being stored commits before the block, and every later one sees it
 * (decision 063): a message is either delivered before the block or refused, never stored after it.
 */
export async function setBlocked(tx: Transaction, blockerId: number, blockedId: number, blocked: boolean) {
  await lockSender(tx, blockedId);
  if (blocked) {
    await tx.insert(userBlocks).values({ blocker_id: blockerId, blocked_id: blockedId }).onConflictDoNothing();
  } else {
    await tx.delete(userBlocks).where(and(eq(userBlocks.blocker_id, blockerId), eq(userBlocks.blocked_id, blockedId)));
  }
  const [row] = await tx.execute<{ blocked_back: boolean }>(sql`
    select exists (select 1 from user_blocks where blocker_id = ${blockedId} and blocked_id = ${blockerId}) as blocked_back`);
  return { blockedBack: Boolean(row?.blocked_back) };
}

/** Whether a user exists and may be shown to others: not banned, not deleted. */
export async function isActiveUser(db: Reader, userId: number) {
  const [row] = await db.execute<{ active: boolean }>(sql`
    select status_id = ${USER_STATUS.active} and deleted_at is null as active from users where id = ${userId}`);
  return row?.active === true;
}

/** The users a user has a chat with: whose online status they see. */
export async function findContacts(db: Reader, userId: number): Promise<number[]> {
  const rows = await db.execute<{ contact: number }>(sql`
    select distinct case when user_low_id = ${userId} then user_high_id else user_low_id end as contact
    from chats where user_low_id = ${userId} or user_high_id = ${userId}`);
  return rows.map((row) => row.contact);
}

/** For each of these users, their contacts: one query however many changed at once. */
export async function findContactsOf(db: Reader, userIds: number[]): Promise<Map<number, number[]>> {
  const contacts = new Map<number, number[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return contacts;
  const rows = await db.execute<{ user_id: number; contact: number }>(sql`
    select distinct u.id as user_id, case when c.user_low_id = u.id then c.user_high_id else c.user_low_id end as contact
    from unnest(${intArray(userIds)}::int[]) as u(id)
    join chats c on c.user_low_id = u.id or c.user_high_id = u.id`);
  for (const row of rows) contacts.get(row.user_id)!.push(row.contact);
  return contacts;
}
