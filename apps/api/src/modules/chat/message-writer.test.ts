import { randomUUID } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { CHAT_MESSAGES } from "@waterside/shared/chat-messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDomainEvents } from "../../lib/domain-events.ts";
import { HttpError } from "../../plugins/errors.ts";
import { createUser } from "../../test/factories.ts";
import { startFakePushService } from "../../test/fake-push-service.ts";
import { createTestApp } from "../../test/test-app.ts";
import { lockSender } from "./chat.queries.ts";
import { createMessageWriter, type MessageOrder, type Written } from "./message-writer.ts";

// The app's events: a writer of the test's own publishes on them, as a second process' writer would, and the app's
// reactions (notifications, trust) answer inside its batches. Mail waits an hour, so its jobs stay queued to be counted.
// Pushes go to a push service of the test's own, which keeps every subscription (one the app may not reach would be
// forgotten at its first push, and the next message to that user would queue none).
const failures: unknown[] = [];
const events = createDomainEvents({ error: (...failure: unknown[]) => void failures.push(failure) });
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let pushService: Awaited<ReturnType<typeof startFakePushService>>;
beforeAll(async () => {
  pushService = await startFakePushService();
  const caFile = path.join(mkdtempSync(path.join(tmpdir(), "waterside-ca-")), "push-ca.pem");
  writeFileSync(caFile, pushService.certificatePem);
  ctx = await createTestApp(
    { CHAT_EMAIL_DELAY_SECONDS: "3600", WEB_PUSH_CA_FILE: caFile, WEB_PUSH_RELAY: pushService.origin },
    { events },
  );
});
afterAll(async () => {
  await ctx.close();
  await pushService.close();
  expect(failures).toEqual([]);
});

const order = (senderId: number, receiverId: number, clientId = randomUUID()): MessageOrder => ({
  senderId,
  receiverId,
  text: `from ${senderId} to ${receiverId}`,
  clientId,
  chat: { open: { adId: null, isContact: false } },
});
const stored = (written: Written) => {
  if (written.kind === "refused") throw written.error;
  return written.row;
};

/** Queued jobs of one queue whose payload names one of these users, by payload. */
async function jobsFor(name: string, key: "receiverId" | "userId", userIds: number[]) {
  const rows = await ctx.sql<{ data: Record<string, number> }[]>`
    select data from pgboss.job where name = ${name} and (data->>${key})::int = any(${userIds}::int[])`;
  return rows.map((row) => row.data);
}

/** A browser of this user subscribed to Web Push: a message to them queues a push job. */
async function subscribeToPush(userId: number) {
  const { endpoint, keys } = pushService.subscribe();
  await ctx.sql`insert into push_subscriptions (user_id, endpoint, p256dh, auth)
    values (${userId}, ${endpoint}, ${keys.p256dh}, ${keys.auth})`;
}

/**
 * Three people's conversations: A opens a chat with S and writes again, S answers, B opens one with S and S answers,
 * B opens one with A; then A's first message arrives again (a resend). A and S have a browser subscribed to Web Push,
 * B none. Answers the stored messages, by step, and the pushes they should queue.
 */
async function converse(write: (orders: MessageOrder[]) => Promise<Written[]>) {
  const [a, b, s] = [await createUser(ctx.db), await createUser(ctx.db), await createUser(ctx.db)];
  await subscribeToPush(a.id);
  await subscribeToPush(s.id);
  const first = order(a.id, s.id);
  const orders = [first, order(a.id, s.id), order(s.id, a.id), order(b.id, s.id), order(s.id, b.id), order(b.id, a.id)];
  const written = await write([...orders, { ...first }]);
  expect(written.map((one) => one.kind)).toEqual([...orders.map(() => "stored"), "found"]);
  expect(stored(written[6]!).id).toBe(stored(written[0]!).id);
  const rows = written.slice(0, 6).map(stored);
  const pushes = rows
    .map((row, index) => ({ messageId: Number(row.id), receiverId: orders[index]!.receiverId }))
    .filter(({ receiverId }) => receiverId !== b.id);
  return { a, b, s, rows, pushes };
}

/** The response figures of these users, as stored, once every recompute queued for them has run. */
async function figuresOnceRecomputed(userIds: number[]) {
  await expect
    .poll(
      async () =>
        (
          await ctx.sql`select 1 from pgboss.job where name = 'trust.recompute-user'
            and (data->>'userId')::int = any(${userIds}::int[]) and state <> 'completed'`
        ).length,
      { timeout: 15_000 },
    )
    .toBe(0);
  return Promise.all(
    userIds.map(async (userId) => {
      const [row] = await ctx.sql`select chats_count, answered_count, response_rate, response_time_minutes
        from response_stats where user_id = ${userId}`;
      return row ?? null;
    }),
  );
}

describe("the reactions to a batch of stored messages (decision 101)", () => {
  it("queues a push per message to a subscribed recipient, a mail per chat and recipient and a recompute per user, as one by one would", async () => {
    const writer = createMessageWriter(ctx.db, events);
    // Written together, the orders are one batch (one transaction: its messages share their created_at).
    const together = await converse((orders) => Promise.all(orders.map((one) => writer.write(one))));
    expect(new Set(together.rows.map((row) => row.created_at)).size).toBe(1);
    // Written one after another, each is its own batch.
    const alone = await converse(async (orders) => {
      const written: Written[] = [];
      for (const one of orders) written.push(await writer.write(one));
      return written;
    });
    expect(new Set(alone.rows.map((row) => row.created_at)).size).toBe(6);

    // Six stored messages, four pushes: one for each to a recipient with a subscription, none for the resend, and none
    // for S's answer to B, whom nothing could reach (the job would only find no browser).
    const byMessage = (pushes: Array<Record<string, number>>) => pushes.sort((x, y) => x.messageId! - y.messageId!);
    for (const { a, b, s, pushes } of [together, alone]) {
      const queued = await jobsFor("notifications.push-chat-message", "receiverId", [a.id, b.id, s.id]);
      expect(byMessage(queued)).toEqual(byMessage(pushes));
    }
    // Mail reads the chat's unread messages when it runs: one waiting job per chat and recipient, in a batch or across.
    const mails = async ({ a, b, s }: typeof together) =>
      (await jobsFor("notifications.email-unread-chat", "receiverId", [a.id, b.id, s.id])).length;
    expect(await mails(together)).toBe(5);
    expect(await mails(alone)).toBe(5);

    // S's figures move with the chats A and B opened and S answered, A's with the chat B opened: one recompute each
    // in the batch, four and one one by one, and the same figures.
    const recomputes = async ({ a, b, s }: typeof together) =>
      (await jobsFor("trust.recompute-user", "userId", [a.id, b.id, s.id])).map((job) => job.userId).sort();
    expect(await recomputes(together)).toEqual([together.a.id, together.s.id].sort());
    expect(await recomputes(alone)).toEqual([alone.a.id, ...Array(4).fill(alone.s.id)].sort());
    const figures = [
      await figuresOnceRecomputed([together.a.id, together.b.id, together.s.id]),
      await figuresOnceRecomputed([alone.a.id, alone.b.id, alone.s.id]),
    ];
    expect(figures[0]).toEqual(figures[1]);
    expect(figures[0]![2]).toMatchObject({ chats_count: 2, answered_count: 2 });
  });

  it("queues nothing for a batch that rolls back: each message tried again alone gets its jobs once", async () => {
    const [a, b, s] = [await createUser(ctx.db), await createUser(ctx.db), await createUser(ctx.db)];
    await subscribeToPush(a.id);
    await subscribeToPush(s.id);
    // A reaction after the others that fails for the batch (as a lost connection would), not for a message alone.
    let failedBatches = 0;
    events.onWrite("chat.messages.created", async ({ messages }) => {
      if (messages.length > 1 && messages.some((message) => message.receiverId === s.id)) {
        failedBatches += 1;
        throw new Error("the batch fails after its reactions");
      }
    });
    const writer = createMessageWriter(ctx.db, events);
    const orders = [order(a.id, s.id), order(b.id, s.id), order(b.id, a.id)];
    const rows = (await Promise.all(orders.map((one) => writer.write(one)))).map(stored);
    expect(failedBatches).toBe(1);
    // The batch's jobs rolled back with its messages; each message stored alone queued its own once.
    const pushes = await jobsFor("notifications.push-chat-message", "receiverId", [a.id, b.id, s.id]);
    expect(pushes.map((push) => push.messageId).sort()).toEqual(rows.map((row) => Number(row.id)).sort());
    expect(await jobsFor("notifications.email-unread-chat", "receiverId", [a.id, b.id, s.id])).toHaveLength(3);
    const recomputes = await jobsFor("trust.recompute-user", "userId", [a.id, b.id, s.id]);
    expect(recomputes.map((job) => job.userId).sort()).toEqual([a.id, s.id, s.id].sort());
  });
});

describe("the writer's statements (one text whatever the batch's size)", () => {
  it("stores every text and client id as written, and finds them again on a resend, in one batch", async () => {
    const [a, b] = [await createUser(ctx.db), await createUser(ctx.db)];
    const written = [
      'He said "ok", then {left}',
      'C:\\price\\list \\" and a lone backslash \\',
      "line one\nline two\ttabbed, with a comma",
      "NULL",
      " spaces kept ",
      "L$ 19,000 \u{1F697} ✓",
    ];
    const writer = createMessageWriter(ctx.db, events);
    const orders = written.map((text, index) => ({ ...order(a.id, b.id), clientId: `id "${index}" \\ {x}`, text }));
    const stored = await Promise.all(orders.map((one) => writer.write(one)));
    expect(stored.map((one) => one.kind)).toEqual(written.map(() => "stored"));
    const rows = await ctx.sql<{ text: string; client_id: string }[]>`
      select text, client_id from chat_messages where sender_id = ${a.id} order by id`;
    expect(rows.map((row) => row.text)).toEqual(written);
    expect(rows.map((row) => row.client_id)).toEqual(orders.map((one) => one.clientId));
    // A lone half of a surrogate pair cannot be encoded: stored as the replacement character, as a text parameter is.
    const lone = await writer.write({ ...order(a.id, b.id), text: "broken \ud83d" });
    expect(lone.kind === "stored" && lone.row.text).toBe("broken \ufffd");
    const again = await Promise.all(orders.map((one) => writer.write({ ...one })));
    expect(again.map((one) => one.kind)).toEqual(written.map(() => "found"));
  });
});

describe("a batch into chats already open (decision 101)", () => {
  it("moves each chat's newest message to its last one stored, and refuses only the message whose chat is gone", async () => {
    const [a, b, c] = [await createUser(ctx.db), await createUser(ctx.db), await createUser(ctx.db)];
    const writer = createMessageWriter(ctx.db, events);
    const opened = await Promise.all([order(a.id, b.id), order(a.id, c.id), order(b.id, c.id)].map(writer.write));
    const [withB, withC, gone] = opened.map((written) => stored(written).chat_id);
    await ctx.sql`delete from chats where id = ${gone!}`;

    const into = (chatId: number, senderId: number, receiverId: number): MessageOrder => ({
      ...order(senderId, receiverId),
      chat: { id: chatId },
    });
    // Written together, so they make one batch: its look-ups and chat locks go in one round trip.
    const written = await Promise.all(
      [into(withB!, a.id, b.id), into(withC!, c.id, a.id), into(withB!, b.id, a.id), into(gone!, b.id, c.id)].map(
        writer.write,
      ),
    );
    expect(written.map((one) => one.kind)).toEqual(["stored", "stored", "stored", "refused"]);
    expect(written[3]!.kind === "refused" && written[3]!.error.statusCode).toBe(404);
    const pointers = await ctx.sql<{ id: number; last_message_id: string }[]>`
      select id, last_message_id from chats where id = any(${[withB!, withC!]}::int[]) order by id`;
    expect(Object.fromEntries(pointers.map((row) => [row.id, Number(row.last_message_id)]))).toEqual({
      [withB!]: stored(written[2]!).id,
      [withC!]: stored(written[1]!).id,
    });
  });
});

describe("the writer's queue under overload (decision 101)", () => {
  it("refuses messages past the bound with a 503 the client resends, and stores each message once", async () => {
    const [a, s] = [await createUser(ctx.db), await createUser(ctx.db)];
    const writer = createMessageWriter(ctx.db, events, { mostWaiting: 3 });
    const orders = Array.from({ length: 10 }, () => order(a.id, s.id));
    const first = await Promise.allSettled(orders.map((one) => writer.write(one)));
    expect(first.map((outcome) => outcome.status)).toEqual([
      ...Array(3).fill("fulfilled"),
      ...Array(7).fill("rejected"),
    ]);
    for (const outcome of first.slice(3)) {
      const { reason } = outcome as PromiseRejectedResult;
      expect(reason).toBeInstanceOf(HttpError);
      expect(reason).toMatchObject({ statusCode: 503, message: CHAT_MESSAGES.busy });
    }
    // The client sends every unacknowledged message again under its client id, a few at a time.
    const again: Written[] = [];
    for (let start = 0; start < orders.length; start += 3) {
      again.push(...(await Promise.all(orders.slice(start, start + 3).map((one) => writer.write(one)))));
    }
    expect(again.map((written) => written.kind)).toEqual([...Array(3).fill("found"), ...Array(7).fill("stored")]);
    const rows = await ctx.sql<{ client_id: string }[]>`select client_id from chat_messages where sender_id = ${a.id}`;
    expect(rows.map((row) => row.client_id).sort()).toEqual(orders.map((one) => one.clientId).sort());
  });

  it("closing, refuses what waits and what comes (503, resent elsewhere) and ends once the batches in flight have", async () => {
    const [a, b, s] = [await createUser(ctx.db), await createUser(ctx.db), await createUser(ctx.db)];
    const writer = createMessageWriter(ctx.db, events);
    const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
    const outcomes: Array<Promise<Written>> = [];
    let closed: Promise<void> | undefined;
    await ctx.db.transaction(async (tx) => {
      // A's two messages are the two batches in flight, held by A's lock; B's wait behind them.
      await lockSender(tx, a.id);
      outcomes.push(writer.write(order(a.id, s.id)));
      await nextTurn();
      outcomes.push(writer.write(order(a.id, s.id)));
      await nextTurn();
      outcomes.push(writer.write(order(b.id, s.id)), writer.write(order(b.id, s.id)));
      closed = writer.close();
      outcomes.push(writer.write(order(b.id, s.id)));
      const settled = await Promise.allSettled(outcomes.slice(2));
      expect(settled.map((outcome) => outcome.status === "rejected" && outcome.reason.statusCode)).toEqual([
        503, 503, 503,
      ]);
    });
    await closed;
    const written = await Promise.all(outcomes.slice(0, 2));
    expect(written.map((one) => one.kind)).toEqual(["stored", "stored"]);
    const rows = await ctx.sql`select sender_id from chat_messages where sender_id in (${a.id}, ${b.id})`;
    expect(rows.map((row) => row.sender_id)).toEqual([a.id, a.id]);
  });
});
