import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { io as connect } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatMessages } from "../../db/schema/chat.ts";
import { pushSubscriptions } from "../../db/schema/notifications.ts";
import { users } from "../../db/schema/users.ts";
import { signedInUser } from "../../test/factories.ts";
import { startFakePushService } from "../../test/fake-push-service.ts";
import { jobStates } from "../../test/job-states.ts";
import { startSmtpReceiver, type SmtpReceiver } from "../../test/smtp-receiver.ts";
import { createTestApp } from "../../test/test-app.ts";

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let pushService: Awaited<ReturnType<typeof startFakePushService>>;
let mail: SmtpReceiver;
let url: string;
/** A service inside the network that a push endpoint might aim the server at: it counts every connection it gets. */
const internal = { server: createServer((socket) => socket.destroy()), connections: 0, port: 0 };
beforeAll(async () => {
  pushService = await startFakePushService();
  mail = await startSmtpReceiver();
  internal.server.on("connection", () => internal.connections++);
  await new Promise<void>((resolve) => internal.server.listen(0, "127.0.0.1", resolve));
  internal.port = (internal.server.address() as AddressInfo).port;
  // Mail waits one second instead of ten minutes.
  const caFile = path.join(mkdtempSync(path.join(tmpdir(), "waterside-ca-")), "push-ca.pem");
  writeFileSync(caFile, pushService.certificatePem);
  ctx = await createTestApp({
    SMTP_URL: mail.smtpUrl,
    CHAT_EMAIL_DELAY_SECONDS: "1",
    WEB_PUSH_CA_FILE: caFile,
    // The fake push service is the operator's relay; "localhost" stands for a push service whose name resolves to
    // a loopback address (as a DNS-rebinding attacker's would).
    WEB_PUSH_RELAY: pushService.origin,
    WEB_PUSH_HOSTS: `fcm.googleapis.com,localhost:${internal.port}`,
  });
  url = await ctx.app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(async () => {
  await ctx.close();
  await pushService.close();
  await mail.close();
  await new Promise((resolve) => internal.server.close(resolve));
});

type Headers = { authorization: string };
const person = () => signedInUser(ctx.app, ctx.db);
const call = (method: "GET" | "POST" | "PATCH" | "DELETE", path: string, headers: Headers, payload?: object) =>
  ctx.app.inject({ method, url: `/api${path}`, headers, ...(payload ? { payload } : {}) });
const pushesTo = (endpoint: string) => pushService.received.filter((push) => endpoint.endsWith(push.path));
/** The states of the push or mail jobs for `receiverId`, once every one of them has ended. */
const endedJobs = (name: "notifications.push-chat-message" | "notifications.email-unread-chat", receiverId: number) =>
  expect.poll(() => jobStates(ctx.sql, name, { receiverId }), { timeout: 10_000 });

async function subscribedSeller() {
  const seller = await person();
  const subscription = pushService.subscribe();
  expect((await call("POST", "/push/subscriptions", seller.headers, subscription)).statusCode).toBe(201);
  return { ...seller, subscription };
}

describe("Web Push for a recipient who is away", () => {
  it("pushes an encrypted preview with a link to the chat, one topic per chat", async () => {
    const seller = await subscribedSeller();
    const buyer = await person();
    const text = `Is the generator still available? ${"I can come today. ".repeat(10)}`;
    const chat = (
      await call("POST", "/chats", buyer.headers, { recieverId: seller.user.id, firstMessage: text })
    ).json().data;
    await expect.poll(() => pushesTo(seller.subscription.endpoint).length, { timeout: 10_000 }).toBe(1);
    const [push] = pushesTo(seller.subscription.endpoint);
    expect(push!.headers).toMatchObject({ ttl: "86400", topic: `chat-${chat.id}`, "content-encoding": "aes128gcm" });
    expect(push!.headers.authorization).toMatch(/^vapid t=.+, k=.+/);
    expect(push!.payload).toEqual({
      title: buyer.user.name,
      body: `${text.slice(0, 99)}…`,
      url: expect.stringMatching(new RegExp(`/chat/${chat.id}$`)),
      tag: `chat-${chat.id}`,
    });
  });

  it("does not push to a recipient whose socket is open, nor to one who turned push off", async () => {
    const seller = await subscribedSeller();
    const buyer = await person();
    const socket = connect(url, {
      path: "/messages",
      auth: { token: seller.headers.authorization },
      transports: ["websocket"],
      reconnection: false,
    });
    await new Promise((resolve) => socket.on("connect", () => resolve(undefined)));
    const chat = (
      await call("POST", "/chats", buyer.headers, { recieverId: seller.user.id, firstMessage: "Hi" })
    ).json().data;
    // The socket stays open until the message's push job has run.
    await endedJobs("notifications.push-chat-message", seller.user.id).toEqual(["completed"]);
    expect(pushesTo(seller.subscription.endpoint)).toEqual([]);
    socket.disconnect();

    // Push turned off, a message queues no push job at all: the answer comes once the message and its jobs committed.
    const off = await call("PATCH", "/user/notification-settings", seller.headers, { push: false });
    expect(off.json().data).toEqual({ push: false, email: true });
    const sent = await call("POST", `/chats/${chat.id}/messages`, buyer.headers, { text: "Hello?" });
    expect(sent.statusCode).toBe(201);
    expect(await jobStates(ctx.sql, "notifications.push-chat-message", { receiverId: seller.user.id })).toEqual([
      "completed",
    ]);
    expect(pushesTo(seller.subscription.endpoint)).toEqual([]);
  });

  it("forgets a subscription the push service says is gone", async () => {
    const seller = await subscribedSeller();
    pushService.answer(seller.subscription.endpoint, 410);
    const buyer = await person();
    await call("POST", "/chats", buyer.headers, { recieverId: seller.user.id, firstMessage: "Still there?" });
    await expect
      .poll(
        async () =>
          (await ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.user_id, seller.user.id))).length,
        {
          timeout: 10_000,
        },
      )
      .toBe(0);
  });
});

describe("mail for messages left unread", () => {
  it("mails a preview and the link once the delay has passed, and not again within the hour", async () => {
    const seller = await person();
    const buyer = await person();
    const chat = (
      await call("POST", "/chats", buyer.headers, { recieverId: seller.user.id, firstMessage: "Is it available?" })
    ).json().data;
    await call("POST", `/chats/${chat.id}/messages`, buyer.headers, { text: "I can pay cash." });
    const received = await mail.nextMailTo(seller.user.email, 15_000);
    expect(received.raw).toContain("I can pay cash.");
    expect(received.raw).toContain(`/chat/${chat.id}`);
    expect(received.raw).toContain("2 unread messages");

    await call("POST", `/chats/${chat.id}/messages`, buyer.headers, { text: "Hello again" });
    // The second message rode on the first one's waiting mail job; the third one's job has run and found the chat
    // mailed about within the hour.
    await endedJobs("notifications.email-unread-chat", seller.user.id).toEqual(["completed", "completed"]);
    expect(mail.mailsTo(seller.user.email)).toEqual([]);
  });

  it("mails nobody when the messages were read in time, or when mail is off", async () => {
    const seller = await person();
    const buyer = await person();
    const chat = (
      await call("POST", "/chats", buyer.headers, { recieverId: seller.user.id, firstMessage: "Hi" })
    ).json().data;
    await call("GET", `/chats/${chat.id}`, seller.headers);
    const other = await person();
    await call("PATCH", "/user/notification-settings", other.headers, { email: false });
    await call("POST", "/chats", buyer.headers, { recieverId: other.user.id, firstMessage: "Hi there" });
    await endedJobs("notifications.email-unread-chat", seller.user.id).toEqual(["completed"]);
    await endedJobs("notifications.email-unread-chat", other.user.id).toEqual(["completed"]);
    expect(mail.mailsTo(seller.user.email)).toEqual([]);
    expect(mail.mailsTo(other.user.email)).toEqual([]);
    expect(await ctx.db.select().from(chatMessages).where(eq(chatMessages.chat_id, chat.id))).toHaveLength(1);
  });

  it("lets the job end without a mail for an account created by phone, which has no email (decision 068)", async () => {
    const seller = await person();
    await ctx.db.update(users).set({ email: null }).where(eq(users.id, seller.user.id));
    const buyer = await person();
    await call("POST", "/chats", buyer.headers, { recieverId: seller.user.id, firstMessage: "Hello phone seller" });
    await endedJobs("notifications.email-unread-chat", seller.user.id).toEqual(["completed"]);
    expect(mail.mailsTo(seller.user.email)).toEqual([]);
  });
});

describe("push endpoints the server may reach (issue 24, decision 058)", () => {
  const keys = () => pushService.subscribe().keys;
  const internalAddresses = () => [
    `https://127.0.0.1:${internal.port}/x`,
    "https://10.0.0.1/push/1",
    "https://169.254.169.254/latest/meta-data/",
    "https://[::1]/push",
    "https://[::ffff:127.0.0.1]/push",
    `https://localhost:${internal.port}/push`,
  ];

  it("refuses endpoints inside the network, named by address or by a name resolving there, and http ones", async () => {
    const user = await person();
    const refusals = [
      ...internalAddresses().map((endpoint) => ({ endpoint, status: 422 })),
      { endpoint: `http://127.0.0.1:${internal.port}/x`, status: 422 },
      { endpoint: "http://fcm.googleapis.com/fcm/send/abc", status: 422 },
      { endpoint: "https://attacker.example/push", status: 422 },
      { endpoint: "https://fcm.googleapis.com.attacker.example/push", status: 422 },
      { endpoint: "https://fcm.googleapis.com:8443/push", status: 422 },
    ];
    for (const { endpoint, status } of refusals) {
      const response = await call("POST", "/push/subscriptions", user.headers, { endpoint, keys: keys() });
      expect({ endpoint, status: response.statusCode }).toEqual({ endpoint, status });
      expect(response.json().errors.endpoint).toHaveLength(1);
    }
    expect(
      (
        await call("POST", "/push/subscriptions", user.headers, { endpoint: internalAddresses()[5], keys: keys() })
      ).json().message,
    ).toBe("The push endpoint must be on the public internet.");
    expect(await ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.user_id, user.user.id))).toEqual(
      [],
    );
    expect(internal.connections).toBe(0);
  });

  it("never contacts a stored endpoint that points inside the network, even if it got past registration", async () => {
    const seller = await subscribedSeller();
    // Rows as an older server stored them, or as a name that resolved to a public address then and to 127.0.0.1 now.
    await ctx.db
      .insert(pushSubscriptions)
      .values(internalAddresses().map((endpoint) => ({ user_id: seller.user.id, endpoint, ...keys() })));
    const buyer = await person();
    await call("POST", "/chats", buyer.headers, { recieverId: seller.user.id, firstMessage: "Is it available?" });
    // The push job has run once the relay received the seller's good subscription's push.
    await expect.poll(() => pushesTo(seller.subscription.endpoint).length, { timeout: 10_000 }).toBe(1);
    // Endpoints the policy refuses by their address are forgotten; the name that resolves inside is kept but unused.
    const left = async () =>
      (await ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.user_id, seller.user.id)))
        .map((row) => row.endpoint)
        .sort();
    await expect
      .poll(left, { timeout: 10_000 })
      .toEqual([seller.subscription.endpoint, `https://localhost:${internal.port}/push`].sort());
    // The job has finished every send it was going to try.
    await expect
      .poll(
        async () =>
          (
            await ctx.sql`select state from pgboss.job where name = 'notifications.push-chat-message'
              and (data->>'receiverId')::int = ${seller.user.id}`
          ).map((job) => job.state),
        { timeout: 10_000 },
      )
      .toEqual(["completed"]);
    expect(internal.connections).toBe(0);
  });

  it("keeps at most 10 browsers per user, a new one replacing the oldest, even when registered at once", async () => {
    const seller = await person();
    const subscriptions = Array.from({ length: 12 }, () => pushService.subscribe());
    for (const subscription of subscriptions) {
      expect((await call("POST", "/push/subscriptions", seller.headers, subscription)).statusCode).toBe(201);
    }
    const rows = await ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.user_id, seller.user.id));
    expect(rows.map((row) => row.endpoint).sort()).toEqual(
      subscriptions
        .slice(2)
        .map((s) => s.endpoint)
        .sort(),
    );

    const buyer = await person();
    await call("POST", "/chats", buyer.headers, { recieverId: seller.user.id, firstMessage: "Hello" });
    await expect
      .poll(() => subscriptions.filter((s) => pushesTo(s.endpoint).length > 0).length, { timeout: 10_000 })
      .toBe(10);
    expect(subscriptions.slice(0, 2).flatMap((s) => pushesTo(s.endpoint))).toEqual([]);

    const other = await person();
    const burst = Array.from({ length: 15 }, () => pushService.subscribe());
    const answers = await Promise.all(burst.map((s) => call("POST", "/push/subscriptions", other.headers, s)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(burst.map(() => 201));
    expect(
      await ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.user_id, other.user.id)),
    ).toHaveLength(10);
  });

  it("limits registrations to 20 an hour per user", async () => {
    const user = await person();
    for (let i = 0; i < 20; i++) {
      expect((await call("POST", "/push/subscriptions", user.headers, pushService.subscribe())).statusCode).toBe(201);
    }
    const refused = await call("POST", "/push/subscriptions", user.headers, pushService.subscribe());
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
  });
});

describe("push subscriptions and settings", () => {
  it("refuses a subscription that is not a web address, and needs a signed-in user", async () => {
    const user = await person();
    const bad = await call("POST", "/push/subscriptions", user.headers, { endpoint: "javascript:alert(1)", keys: {} });
    expect(bad.statusCode).toBe(422);
    const anonymous = await ctx.app.inject({ method: "GET", url: "/api/user/notification-settings" });
    expect(anonymous.statusCode).toBe(401);
    expect((await ctx.app.inject({ url: "/api/push/public-key" })).json().data.publicKey).toMatch(/^[\w-]{80,}$/);
  });
});
