import { mkdtempSync, writeFileSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { NOTIFICATIONS_CHANGED_EVENT, type TNotificationsChanged } from "@waterside/shared/notification-centre";
import { and, eq, sql } from "drizzle-orm";
import { io as connect } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { notificationDeliveries, notifications } from "../../db/schema/notifications.ts";
import { users } from "../../db/schema/users.ts";
import type { JobMap } from "../../lib/jobs.ts";
import { createMailer } from "../../lib/mailer.ts";
import { startFakeSmsGateway, type FakeSmsGateway } from "../../lib/sms-gateway-fake.ts";
import { createTwilioSender } from "../../lib/sms.ts";
import { signedInUser } from "../../test/factories.ts";
import { startFakePushService } from "../../test/fake-push-service.ts";
import { jobStates } from "../../test/job-states.ts";
import { startSmtpReceiver, type SmtpReceiver } from "../../test/smtp-receiver.ts";
import { createTestApp } from "../../test/test-app.ts";
import { liberiaDay, notify, quietHoursEnd, type NotifyInput, type QuietHours } from "./notification-centre.ts";
import { createNotificationsService } from "./notifications.service.ts";

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let pushService: Awaited<ReturnType<typeof startFakePushService>>;
let mail: SmtpReceiver;
let sms: FakeSmsGateway;
let url: string;
let env: Record<string, string>;
beforeAll(async () => {
  pushService = await startFakePushService();
  mail = await startSmtpReceiver();
  sms = await startFakeSmsGateway({ outboxDir: await mkdtemp(path.join(tmpdir(), "centre-sms-")) });
  const caFile = path.join(mkdtempSync(path.join(tmpdir(), "waterside-ca-")), "push-ca.pem");
  writeFileSync(caFile, pushService.certificatePem);
  env = {
    SMTP_URL: mail.smtpUrl,
    WEB_PUSH_CA_FILE: caFile,
    WEB_PUSH_RELAY: pushService.origin,
    SMS_API_URL: sms.clientConfig.apiUrl,
    SMS_TWILIO_ACCOUNT_SID: sms.clientConfig.accountSid,
    SMS_TWILIO_AUTH_TOKEN: sms.clientConfig.authToken,
    SMS_FROM: sms.clientConfig.from,
  };
  ctx = await createTestApp(env);
  url = await ctx.app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(async () => {
  await ctx.close();
  await pushService.close();
  await mail.close();
  await sms.close();
});

/** The notification centre as another server process runs it: its own service on the same database and fakes. */
function otherProcess() {
  const config = loadConfig({
    NODE_ENV: "test",
    TOKEN_SECRET: "t".repeat(40),
    DATA_DIR: path.dirname(inject("mediaDir")),
    ...env,
  });
  return createNotificationsService({
    db: ctx.db,
    realtime: ctx.app.realtime,
    mailer: createMailer({ smtpUrl: mail.smtpUrl, from: config.mailFrom, outboxDir: tmpdir(), log: ctx.app.log }),
    webPush: config.webPush,
    pushCaFile: config.webPushCaFile,
    pushEndpoints: config.pushEndpoints,
    publicUrl: config.publicUrl,
    sms: createTwilioSender(sms.clientConfig),
    log: ctx.app.log,
  }).centre;
}

type Headers = { authorization: string };
const call = (method: "GET" | "POST", path: string, headers: Headers | Record<string, never>, payload?: object) =>
  ctx.app.inject({ method, url: `/api${path}`, headers, ...(payload ? { payload } : {}) });

let phones = 0;
/** A signed-in user with a browser subscribed to push, a verified phone and an email. */
async function reachableUser() {
  const person = await signedInUser(ctx.app, ctx.db);
  const phone = `+23177${String(Date.now() % 100000).padStart(5, "0")}${String(++phones).padStart(2, "0")}`;
  await ctx.db.update(users).set({ verified_phone_number: phone }).where(eq(users.id, person.user.id));
  const subscription = pushService.subscribe();
  expect((await call("POST", "/push/subscriptions", person.headers, subscription)).statusCode).toBe(201);
  return { ...person, phone, subscription };
}
const pushesTo = (endpoint: string) => pushService.received.filter((push) => endpoint.endsWith(push.path));
const smsTo = (phone: string) => sms.messages.filter((message) => message.to === phone);

let keys = 0;
const input = (userId: number, overrides: Partial<NotifyInput> = {}): NotifyInput => ({
  userId,
  type: "price_drop",
  title: "Price drop: Toyota Corolla 2015 now $5,500, was $6,000",
  body: "An ad you saved got cheaper.",
  url: "/ads/1",
  imageUrl: null,
  dedupeKey: `test:${Date.now()}:${++keys}`,
  channels: { push: false, email: false, sms: false },
  ...overrides,
});
const add = (item: NotifyInput, now?: Date) => ctx.db.transaction((tx) => notify(tx, item, now));

/** Noon yesterday, Liberia time (UTC+0): outside the quiet hours and already past, whenever the test runs. */
const yesterdayNoon = () => {
  const noon = new Date();
  noon.setUTCHours(12, 0, 0, 0);
  return new Date(noon.getTime() - 86_400_000);
};

const deliveries = (notificationId: number) =>
  ctx.db
    .select({
      channel: notificationDeliveries.channel,
      status: notificationDeliveries.status,
      detail: notificationDeliveries.detail,
      not_before: notificationDeliveries.not_before,
    })
    .from(notificationDeliveries)
    .where(eq(notificationDeliveries.notification_id, notificationId))
    .orderBy(notificationDeliveries.channel);
const deliveryJobsEnded = (notificationId: number) =>
  expect.poll(
    async () =>
      (await jobStates(ctx.sql, "notifications.deliver", { notificationId })).every((state) =>
        ["completed", "failed", "cancelled"].includes(state),
      ),
    { timeout: 15_000 },
  );

describe("quiet hours", () => {
  it("holds a push or SMS made between 22:00 and 07:00 Liberia time until 07:00", () => {
    const at = (iso: string) => quietHoursEnd(new Date(iso)).toISOString();
    expect(at("2026-03-10T21:59:59.000Z")).toBe("2026-03-10T21:59:59.000Z");
    expect(at("2026-03-10T22:00:00.000Z")).toBe("2026-03-11T07:00:00.000Z");
    expect(at("2026-03-10T23:00:00.000Z")).toBe("2026-03-11T07:00:00.000Z");
    expect(at("2026-03-11T03:30:00.000Z")).toBe("2026-03-11T07:00:00.000Z");
    expect(at("2026-03-11T07:00:00.000Z")).toBe("2026-03-11T07:00:00.000Z");
    expect(at("2026-12-31T23:30:00.000Z")).toBe("2027-01-01T07:00:00.000Z");
    expect(liberiaDay(new Date("2026-12-31T23:30:00.000Z"))).toBe("2026-12-31");
  });

  it("follows the operator's QUIET_HOURS: other hours, within one day, or none", () => {
    const at = (iso: string, hours: QuietHours) => quietHoursEnd(new Date(iso), hours).toISOString();
    expect(at("2026-03-10T20:30:00.000Z", { from: 20, to: 6 })).toBe("2026-03-11T06:00:00.000Z");
    expect(at("2026-03-11T06:00:00.000Z", { from: 20, to: 6 })).toBe("2026-03-11T06:00:00.000Z");
    expect(at("2026-03-11T01:15:00.000Z", { from: 1, to: 5 })).toBe("2026-03-11T05:00:00.000Z");
    expect(at("2026-03-11T00:59:00.000Z", { from: 1, to: 5 })).toBe("2026-03-11T00:59:00.000Z");
    expect(at("2026-03-11T05:00:00.000Z", { from: 1, to: 5 })).toBe("2026-03-11T05:00:00.000Z");
    expect(at("2026-03-10T23:00:00.000Z", null)).toBe("2026-03-10T23:00:00.000Z");
  });
});

describe("notify", () => {
  it("writes one notification per dedupe key, with its deliveries, even when called at once", async () => {
    const person = await signedInUser(ctx.app, ctx.db);
    const item = input(person.user.id, { channels: { push: true, email: true, sms: false } });
    const results = await Promise.all(Array.from({ length: 6 }, () => add(item, yesterdayNoon())));
    expect(results.filter((result) => result.created)).toHaveLength(1);
    const id = results.find((result) => result.created)!.id;
    expect(results.every((result) => result.id === id)).toBe(true);
    expect(await add(item)).toEqual({ id, created: false });
    const rows = await ctx.db.select().from(notifications).where(eq(notifications.dedupe_key, item.dedupeKey));
    expect(rows).toHaveLength(1);
    expect((await deliveries(id)).map((delivery) => delivery.channel)).toEqual(["email", "push"]);
  });

  it("writes nothing when the caller's transaction rolls back", async () => {
    const person = await signedInUser(ctx.app, ctx.db);
    const item = input(person.user.id, { channels: { push: true, email: false, sms: false } });
    await expect(
      ctx.db.transaction(async (tx) => {
        await notify(tx, item);
        throw new Error("the caller failed");
      }),
    ).rejects.toThrow("the caller failed");
    expect(await ctx.db.select().from(notifications).where(eq(notifications.user_id, person.user.id))).toEqual([]);
    expect(await jobStates(ctx.sql, "notifications.deliver", { userId: person.user.id })).toEqual([]);
  });
});

describe("GET /notifications and POST /notifications/read", () => {
  it("pages the caller's notifications newest first with the unread count, and marks only the caller's read", async () => {
    const owner = await signedInUser(ctx.app, ctx.db);
    const other = await signedInUser(ctx.app, ctx.db);
    const ids: number[] = [];
    for (const title of ["First", "Second", "Third"]) {
      ids.push((await add(input(owner.user.id, { title, imageUrl: "/media/ads/1/card.webp" }))).id);
    }
    const theirs = (await add(input(other.user.id, { type: "saved_search", title: "Theirs" }))).id;

    const list = await call("GET", "/notifications", owner.headers);
    expect(list.statusCode).toBe(200);
    const page = list.json().data;
    expect(page).toMatchObject({
      current_page: 1,
      per_page: 20,
      total: 3,
      last_page: 1,
      next_page_url: null,
      unread_count: 3,
    });
    expect(page.data.map((item: { title: string }) => item.title)).toEqual(["Third", "Second", "First"]);
    expect(page.data[0]).toEqual({
      id: ids[2],
      type: "price_drop",
      title: "Third",
      body: "An ad you saved got cheaper.",
      url: "/ads/1",
      image_url: "/media/ads/1/card.webp",
      read_at: null,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });

    // Another user's id is ignored: it stays unread for its owner.
    const read = await call("POST", "/notifications/read", owner.headers, { ids: [ids[0], theirs] });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ data: { unread_count: 2 }, message: "Marked as read." });
    expect((await call("GET", "/notifications", other.headers)).json().data.unread_count).toBe(1);
    const after = (await call("GET", "/notifications", owner.headers)).json().data;
    expect(after.data.map((item: { read_at: string | null }) => item.read_at !== null)).toEqual([false, false, true]);

    expect((await call("POST", "/notifications/read", owner.headers, { all: true })).json().data).toEqual({
      unread_count: 0,
    });
    expect((await call("GET", "/notifications", other.headers)).json().data.unread_count).toBe(1);
  });

  it("pages by 20 and refuses bad requests", async () => {
    const owner = await signedInUser(ctx.app, ctx.db);
    for (let i = 0; i < 21; i++) await add(input(owner.user.id, { title: `N${i}` }));
    const first = (await call("GET", "/notifications", owner.headers)).json().data;
    expect(first).toMatchObject({ total: 21, last_page: 2, next_page_url: "/api/notifications?page=2" });
    const second = (await call("GET", "/notifications?page=2", owner.headers)).json().data;
    expect(second.data.map((item: { title: string }) => item.title)).toEqual(["N0"]);

    expect((await call("GET", "/notifications", {})).statusCode).toBe(401);
    expect((await call("POST", "/notifications/read", {}, { all: true })).statusCode).toBe(401);
    const badId = await call("POST", "/notifications/read", owner.headers, { ids: [1, "x"] });
    expect(badId.statusCode).toBe(422);
    expect(Object.keys(badId.json().errors)).toEqual(["ids.1"]);
    for (const body of [{}, { ids: [] }, { all: false }, { ids: ["x"] }, { ids: [1], all: true }, { every: true }]) {
      const refused = await call("POST", "/notifications/read", owner.headers, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect((await call("GET", "/notifications?page=0", owner.headers)).statusCode).toBe(422);
  });

  it("tells the user's sockets of the new unread count when a notification commits and when they read", async () => {
    const person = await signedInUser(ctx.app, ctx.db);
    const socket = connect(url, {
      path: "/messages",
      auth: { token: person.headers.authorization },
      transports: ["websocket"],
      reconnection: false,
    });
    const events: TNotificationsChanged[] = [];
    socket.on(NOTIFICATIONS_CHANGED_EVENT, (event: TNotificationsChanged) => events.push(event));
    await new Promise((resolve) => socket.on("connect", () => resolve(undefined)));
    try {
      await add(input(person.user.id));
      await expect.poll(() => events, { timeout: 10_000 }).toEqual([{ unread_count: 1 }]);
      await add(input(person.user.id));
      await expect.poll(() => events, { timeout: 10_000 }).toEqual([{ unread_count: 1 }, { unread_count: 2 }]);
      await call("POST", "/notifications/read", person.headers, { all: true });
      await expect
        .poll(() => events, { timeout: 10_000 })
        .toEqual([{ unread_count: 1 }, { unread_count: 2 }, { unread_count: 0 }]);
    } finally {
      socket.disconnect();
    }
  });
});

describe("deliveries", () => {
  it("sends push, mail and SMS once each, with two processes and a retried job at once", async () => {
    const person = await reachableUser();
    const item = input(person.user.id, {
      channels: { push: true, email: true, sms: true },
      pushTag: "saved-search-7",
      url: "/ads/42",
    });
    const { id } = await add(item, yesterdayNoon());
    const job: JobMap["notifications.deliver"] = {
      notificationId: id,
      userId: person.user.id,
      channels: ["push", "email", "sms"],
      announce: false,
      pushTag: "saved-search-7",
    };
    // The app's own job runs meanwhile; two more processes and a retried job race it.
    await Promise.all([
      otherProcess().deliver(job),
      otherProcess().deliver(job),
      ctx.jobs.send("notifications.deliver", job),
    ]);
    await deliveryJobsEnded(id).toBe(true);
    expect((await deliveries(id)).map(({ channel, status }) => [channel, status])).toEqual([
      ["email", "sent"],
      ["push", "sent"],
      ["sms", "sent"],
    ]);
    expect(await jobStates(ctx.sql, "notifications.deliver", { notificationId: id })).toEqual([
      "completed",
      "completed",
    ]);
    await mail.nextMailTo(person.user.email!);
    expect(pushesTo(person.subscription.endpoint)).toHaveLength(1);
    expect(pushesTo(person.subscription.endpoint)[0]!.headers.topic).toBe("saved-search-7");
    expect(pushesTo(person.subscription.endpoint)[0]!.payload).toMatchObject({
      title: item.title,
      body: item.body,
      tag: "saved-search-7",
      url: expect.stringMatching(/\/ads\/42$/),
    });
    // nextMailTo took the one mail: no second one came.
    expect(mail.mailsTo(person.user.email!)).toHaveLength(0);
    expect(smsTo(person.phone)).toHaveLength(1);
    expect(smsTo(person.phone)[0]!.body).toMatch(/^Price drop: .+ https?:\/\/\S+\/ads\/42$/);
    expect(smsTo(person.phone)[0]!.body.length).toBeLessThanOrEqual(160);
  });

  it("mails with RFC 8058's one-click unsubscribe headers, and skips a user without an email", async () => {
    const person = await reachableUser();
    const unsubscribeUrl = "https://waterside.example/api/saved-searches/unsubscribe?token=abc.def";
    const { id } = await add(
      input(person.user.id, {
        channels: { push: false, email: true, sms: false },
        email: {
          subject: "3 new ads for 'Toyota under $6,000'",
          html: "<p>3 new ads</p>",
          text: "3 new ads",
          unsubscribeUrl,
        },
      }),
    );
    const received = await mail.nextMailTo(person.user.email!, 10_000);
    // Long header fields are folded onto continuation lines (RFC 5322 §2.2.3); read them unfolded.
    received.raw = received.raw.replace(/\r\n[ \t]+/g, " ");
    expect(received.raw).toContain(`List-Unsubscribe: <${unsubscribeUrl}>`);
    expect(received.raw).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(received.raw).toContain("Subject: 3 new ads for 'Toyota under $6,000'");
    expect(received.raw).toContain("<p>3 new ads</p>");
    await expect.poll(async () => (await deliveries(id))[0]!.status, { timeout: 10_000 }).toBe("sent");

    const phoneOnly = await reachableUser();
    await ctx.db.update(users).set({ email: null }).where(eq(users.id, phoneOnly.user.id));
    const skipped = await add(input(phoneOnly.user.id, { channels: { push: false, email: true, sms: false } }));
    await expect
      .poll(async () => (await deliveries(skipped.id)).map(({ status, detail }) => [status, detail]), {
        timeout: 10_000,
      })
      .toEqual([["skipped", "no email address"]]);
  });

  it("sends at most one SMS a day to a user; the next is skipped with why", async () => {
    const person = await reachableUser();
    const noon = yesterdayNoon();
    const first = await add(input(person.user.id, { channels: { push: false, email: false, sms: true } }), noon);
    await expect.poll(async () => (await deliveries(first.id))[0]!.status, { timeout: 10_000 }).toBe("sent");
    const second = await add(
      input(person.user.id, { channels: { push: false, email: false, sms: true } }),
      new Date(noon.getTime() + 3600_000),
    );
    await deliveryJobsEnded(second.id).toBe(true);
    expect((await deliveries(second.id)).map(({ status, detail }) => [status, detail])).toEqual([
      ["skipped", "one SMS a day: one was already sent today"],
    ]);
    expect(smsTo(person.phone)).toHaveLength(1);

    // A user without a verified phone gets none, recorded as skipped.
    const noPhone = await signedInUser(ctx.app, ctx.db);
    const none = await add(input(noPhone.user.id, { channels: { push: false, email: false, sms: true } }), noon);
    await expect
      .poll(async () => (await deliveries(none.id)).map(({ status, detail }) => [status, detail]), {
        timeout: 10_000,
      })
      .toEqual([["skipped", "no verified phone"]]);

    // A number the provider refuses is not tried again: skipped with the provider's why, and it uses no day's SMS.
    const refused = await signedInUser(ctx.app, ctx.db);
    await ctx.db.update(users).set({ verified_phone_number: "+12345" }).where(eq(users.id, refused.user.id));
    const bad = await add(input(refused.user.id, { channels: { push: false, email: false, sms: true } }), noon);
    await deliveryJobsEnded(bad.id).toBe(true);
    expect(await jobStates(ctx.sql, "notifications.deliver", { notificationId: bad.id })).toEqual(["completed"]);
    expect((await deliveries(bad.id)).map(({ status, detail }) => [status, detail])).toEqual([
      ["skipped", expect.stringMatching(/^SMS refused \(400, code 21211\)/)],
    ]);
  });

  it("holds a push and an SMS made at 23:00 Liberia time until 07:00, then sends them", async () => {
    const person = await reachableUser();
    // 23:00 tomorrow: the held job starts the day after at 07:00, later than this test, so only the calls below act.
    const late = new Date();
    late.setUTCHours(23, 0, 0, 0);
    late.setTime(late.getTime() + 86_400_000);
    const morning = new Date(late.getTime() + 8 * 3600_000);
    const { id } = await add(input(person.user.id, { channels: { push: true, email: false, sms: true } }), late);
    expect((await deliveries(id)).map(({ channel, status, not_before }) => [channel, status, not_before])).toEqual([
      ["push", "queued", morning],
      ["sms", "queued", morning],
    ]);
    const [held] = await ctx.sql<{ start_after: Date }[]>`
      select start_after from pgboss.job
      where name = 'notifications.deliver' and data @> ${JSON.stringify({ notificationId: id, announce: false })}::jsonb`;
    expect(new Date(held!.start_after)).toEqual(morning);

    const centre = otherProcess();
    const job: JobMap["notifications.deliver"] = {
      notificationId: id,
      userId: person.user.id,
      channels: ["push", "sms"],
      announce: false,
    };
    expect(await centre.deliver(job, new Date(late.getTime() + 4 * 3600_000))).toEqual({ heldUntil: morning });
    expect(await centre.deliver(job, new Date(morning.getTime() - 1))).toEqual({ heldUntil: morning });
    expect((await deliveries(id)).map(({ status }) => status)).toEqual(["queued", "queued"]);
    expect(pushesTo(person.subscription.endpoint)).toHaveLength(0);
    expect(smsTo(person.phone)).toHaveLength(0);

    expect(await centre.deliver(job, morning)).toEqual({ heldUntil: null });
    expect((await deliveries(id)).map(({ status }) => status)).toEqual(["sent", "sent"]);
    expect(pushesTo(person.subscription.endpoint)).toHaveLength(1);
    expect(smsTo(person.phone)).toHaveLength(1);
    const [sentAt] = await ctx.db
      .select({ sent_at: notificationDeliveries.sent_at })
      .from(notificationDeliveries)
      .where(and(eq(notificationDeliveries.notification_id, id), eq(notificationDeliveries.channel, "push")));
    expect(sentAt!.sent_at).toEqual(morning);
    // Nothing left held for this notification.
    const [queued] = await ctx.db.execute<{ n: number }>(sql`
      select count(*)::int as n from notification_deliveries where notification_id = ${id} and status = 'queued'`);
    expect(queued!.n).toBe(0);
  });

  it("sends a held push and SMS whose job was lost from the sweep, once", async () => {
    const person = await reachableUser();
    const late = new Date();
    late.setUTCHours(23, 0, 0, 0);
    late.setTime(late.getTime() + 86_400_000);
    const { id } = await add(input(person.user.id, { channels: { push: true, email: false, sms: true } }), late);
    // As if the night had passed and the held job were gone: the deliveries are 20 minutes overdue.
    await ctx.sql`delete from pgboss.job where name = 'notifications.deliver' and data @> ${JSON.stringify({ notificationId: id, announce: false })}::jsonb`;
    await ctx.db
      .update(notificationDeliveries)
      .set({ not_before: new Date(Date.now() - 20 * 60_000) })
      .where(eq(notificationDeliveries.notification_id, id));
    for (let run = 0; run < 2; run++) {
      await ctx.jobs.send("notifications.deliver-sweep", {});
      await expect
        .poll(async () => (await deliveries(id)).map(({ status }) => status), { timeout: 10_000 })
        .toEqual(["sent", "sent"]);
      await deliveryJobsEnded(id).toBe(true);
    }
    expect(pushesTo(person.subscription.endpoint)).toHaveLength(1);
    expect(smsTo(person.phone)).toHaveLength(1);
  });
});
