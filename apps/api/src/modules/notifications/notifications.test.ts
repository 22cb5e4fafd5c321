import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { io as connect } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatMessages } from "../../db/schema/chat.ts";
import { pushSubscriptions } from "../../db/schema/notifications.ts";
import { signedInUser } from "../../test/factories.ts";
import { startFakePushService } from "../../test/fake-push-service.ts";
import { startSmtpReceiver, type SmtpReceiver } from "../../test/smtp-receiver.ts";
import { createTestApp } from "../../test/test-app.ts";

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let pushService: Awaited<ReturnType<typeof startFakePushService>>;
let mail: SmtpReceiver;
let url: string;
beforeAll(async () => {
  pushService = await startFakePushService();
  mail = await startSmtpReceiver();
  // Mail waits one second instead of ten minutes.
  const caFile = path.join(mkdtempSync(path.join(tmpdir(), "waterside-ca-")), "push-ca.pem");
  writeFileSync(caFile, pushService.certificatePem);
  ctx = await createTestApp({ SMTP_URL: mail.smtpUrl, CHAT_EMAIL_DELAY_SECONDS: "1", WEB_PUSH_CA_FILE: caFile });
  url = await ctx.app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(async () => {
  await ctx.close();
  await pushService.close();
  await mail.close();
});

type Headers = { authorization: string };
const person = () => signedInUser(ctx.app, ctx.db);
const call = (method: "GET" | "POST" | "PATCH" | "DELETE", path: string, headers: Headers, payload?: object) =>
  ctx.app.inject({ method, url: `/api${path}`, headers, ...(payload ? { payload } : {}) });
const pushesTo = (endpoint: string) => pushService.received.filter((push) => endpoint.endsWith(push.path));
const settle = () => new Promise((resolve) => setTimeout(resolve, 2500));

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
    socket.disconnect();

    const off = await call("PATCH", "/user/notification-settings", seller.headers, { push: false });
    expect(off.json().data).toEqual({ push: false, email: true });
    await call("POST", `/chats/${chat.id}/messages`, buyer.headers, { text: "Hello?" });
    await settle();
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
    await settle();
    await expect(mail.nextMailTo(seller.user.email, 500)).rejects.toThrow();
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
    await settle();
    await expect(mail.nextMailTo(seller.user.email, 500)).rejects.toThrow();
    await expect(mail.nextMailTo(other.user.email, 500)).rejects.toThrow();
    expect(await ctx.db.select().from(chatMessages).where(eq(chatMessages.chat_id, chat.id))).toHaveLength(1);
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
