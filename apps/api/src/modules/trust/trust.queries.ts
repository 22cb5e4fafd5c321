import { DEAL_NOTICE_PREFIX } from "@waterside/shared/chat-messages";
import { sql, type SQL } from "drizzle-orm";
import { TRUST_MIN_CHATS, TRUST_WINDOW_DAYS } from "@waterside/shared/trust";
import { intArray } from "../../db/array-literals.ts";
import type { Database } from "../../db/database.ts";
import type { Transaction } from "../../lib/domain-events.ts";

/** A message a person wrote, not a safe deal's step in its chat (issue 33): only those open or answer a conversation. */
const isPersonsMessage = (alias: string) =>
  sql`(${sql.raw(alias)}.client_id is null or ${sql.raw(alias)}.client_id not like ${`${DEAL_NOTICE_PREFIX}%`})`;

type Executor = Pick<Database | Transaction, "execute">;

/** A chat waits this long for an answer before it counts as unanswered (decision 070). */
const ANSWER_WITHIN = sql`interval '24 hours'`;
const WINDOW_START = sql`now() - make_interval(days => ${TRUST_WINDOW_DAYS})`;

/**
 * Writes the response figures of the users `participants` selects (a query of `user_id`s), in one statement
 * (decision 070). A conversation counts for a user when someone else opened it (sent its first message) within the
 * window; its first answer is the user's first message in it. A conversation still inside its 24 hours without an
 * answer is not counted yet: it may still be answered in time. The rate and median stay null below TRUST_MIN_CHATS.
 * Answers the users whose shown figures (rate, median) changed.
 */
async function writeStats(db: Executor, participants: SQL): Promise<number[]> {
  const rows = await db.execute<{ user_id: number }>(sql`
    with participants as (${participants}),
    old as (
      select user_id, response_rate, response_time_minutes from response_stats
      where user_id in (select user_id from participants)
    ),
    conversations as (
      select p.user_id, opening.created_at as opened_at,
        (select min(r.created_at) from chat_messages r
          where r.chat_id = c.id and r.sender_id = p.user_id and ${isPersonsMessage("r")}) as answered_at
      from participants p
      join chats c on (c.user_low_id = p.user_id or c.user_high_id = p.user_id)
        -- A chat's last message is never older than its first: this bound lets the activity indexes pick the chats.
        and c.last_message_at >= ${WINDOW_START}
      cross join lateral (
        select m.sender_id, m.created_at from chat_messages m where m.chat_id = c.id and ${isPersonsMessage("m")}
        order by m.id limit 1
      ) opening
      where opening.sender_id <> p.user_id and opening.created_at >= ${WINDOW_START}
    ),
    decided as (
      select * from conversations where answered_at is not null or opened_at <= now() - ${ANSWER_WITHIN}
    ),
    figures as (
      select p.user_id, count(d.opened_at)::int as chats_count,
        count(*) filter (where d.answered_at <= d.opened_at + ${ANSWER_WITHIN})::int as answered_count,
        percentile_cont(0.5) within group (order by extract(epoch from d.answered_at - d.opened_at) / 60)
          filter (where d.answered_at is not null) as median_minutes
      from participants p left join decided d on d.user_id = p.user_id
      group by p.user_id
    ),
    written as (
      insert into response_stats as rs
        (user_id, chats_count, answered_count, response_rate, response_time_minutes, computed_at)
      select f.user_id, f.chats_count, f.answered_count,
        case when f.chats_count >= ${TRUST_MIN_CHATS} then f.answered_count::real / f.chats_count end,
        case when f.chats_count >= ${TRUST_MIN_CHATS} then round(f.median_minutes)::int end,
        now()
      from figures f join users u on u.id = f.user_id
      on conflict (user_id) do update set
        chats_count = excluded.chats_count, answered_count = excluded.answered_count,
        response_rate = excluded.response_rate, response_time_minutes = excluded.response_time_minutes,
        computed_at = excluded.computed_at
      returning rs.user_id, rs.response_rate, rs.response_time_minutes
    )
    -- The statement's snapshot: "old" holds the figures from before the insert.
    select w.user_id from written w left join old o on o.user_id = w.user_id
    where o.response_rate is distinct from w.response_rate
      or o.response_time_minutes is distinct from w.response_time_minutes`);
  return rows.map((row) => row.user_id);
}

/** Recomputes these users' figures; answers those whose shown figures changed. */
export async function recomputeUsers(db: Executor, userIds: readonly number[]): Promise<number[]> {
  if (userIds.length === 0) return [];
  return writeStats(db, sql`select unnest(${intArray(userIds)}::int[]) as user_id`);
}

/**
 * Recomputes every user who chatted within the window, and those whose figures are stored (the window slid past
 * their chats); answers those whose shown figures changed.
 */
export async function recomputeEveryone(db: Executor): Promise<number[]> {
  return writeStats(
    db,
    sql`select user_low_id as user_id from chats where last_message_at >= ${WINDOW_START}
        union select user_high_id from chats where last_message_at >= ${WINDOW_START}
        union select user_id from response_stats`,
  );
}

/**
 * Whose figures these stored messages can change, in one statement: only a first message of its sender in the chat
 * does (the opening, or the first answer), and then only the figures of the participant who did not open the chat.
 * Of one sender's messages in one chat only the lowest id can be their first, so the others are not looked at.
 */
export async function usersConcernedByMessages(
  tx: Transaction,
  messages: ReadonlyArray<{ chatId: number; messageId: number; senderId: number; receiverId: number }>,
): Promise<number[]> {
  const firsts = new Map<string, (typeof messages)[number]>();
  for (const message of messages) {
    const key = `${message.chatId}:${message.senderId}`;
    const kept = firsts.get(key);
    if (!kept || message.messageId < kept.messageId) firsts.set(key, message);
  }
  if (firsts.size === 0) return [];
  const column = (pick: (message: (typeof messages)[number]) => number) => intArray([...firsts.values()].map(pick));
  const rows = await tx.execute<{ user_id: number }>(sql`
    select distinct case when opening.sender_id = b.sender_id then b.receiver_id else b.sender_id end as user_id
    from unnest(${column((m) => m.chatId)}::int[], ${column((m) => m.messageId)}::bigint[],
        ${column((m) => m.senderId)}::int[], ${column((m) => m.receiverId)}::int[])
      as b(chat_id, message_id, sender_id, receiver_id)
    cross join lateral (
      select m.sender_id from chat_messages m where m.chat_id = b.chat_id and ${isPersonsMessage("m")}
      order by m.id limit 1
    ) opening
    where b.message_id = (select min(m.id) from chat_messages m
      where m.chat_id = b.chat_id and m.sender_id = b.sender_id and ${isPersonsMessage("m")})`);
  return rows.map((row) => row.user_id);
}
