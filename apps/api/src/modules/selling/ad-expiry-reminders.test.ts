import { mkdtempSync, writeFileSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { EXPIRY_REMINDER_TEXT } from "@waterside/shared/ad-lifecycle";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ads } from "../../db/schema/ads.ts";
import { users } from "../../db/schema/users.ts";
import { createDomainEvents } from "../../lib/domain-events.ts";
import { startFakeSmsGateway, type FakeSmsGateway } from "../../lib/sms-gateway-fake.ts";
import { createAd, signedInUser } from "../../test/factories.ts";
import { startFakePushService } from "../../test/fake-push-service.ts";
import { jobStates } from "../../test/job-states.ts";
import { startSmtpReceiver, type SmtpReceiver } from "../../test/smtp-receiver.ts";
import { createTestApp } from "../../test/test-app.ts";
import { createAdScreening } from "../ad-screening/ad-screening.service.ts";
import { createPriceGuide } from "../ads/price-guide.ts";
import { createAdLifecycle } from "./ad-lifecycle.service.ts";

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let pushService: Awaited<ReturnType<typeof startFakePushService>>;
let mail: SmtpReceiver;
let sms: FakeSmsGateway;
beforeAll(async () => {
  pushService = await startFakePushService();
  mail = await startSmtpReceiver();
  sms = await startFakeSmsGateway({ outboxDir: await mkdtemp(path.join(tmpdir(), "reminder-sms-")) });
  const caFile = path.join(mkdtempSync(path.join(tmpdir(), "waterside-ca-")), "push-ca.pem");
  writeFileSync(caFile, pushService.certificatePem);
  ctx = await createTestApp({
    SMTP_URL: mail.smtpUrl,
    WEB_PUSH_CA_FILE: caFile,
    WEB_PUSH_RELAY: pushService.origin,
    SMS_API_URL: sms.clientConfig.apiUrl,
    SMS_TWILIO_ACCOUNT_SID: sms.clientConfig.accountSid,
    SMS_TWILIO_AUTH_TOKEN: sms.clientConfig.authToken,
    SMS_FROM: sms.clientConfig.from,
  });
});
afterAll(async () => {
  await ctx.close();
  await pushService.close();
  await mail.close();
  await sms.close();
});

const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY);

/** Noon yesterday, Liberia time (UTC+0): outside the quiet hours and already past, whenever the test runs. */
const yesterdayNoon = () => {
  const noon = new Date();
  noon.setUTCHours(12, 0, 0, 0);
  return new Date(noon.getTime() - 86_400_000);
};

/**
 * The reminder job's work as one more server process runs it, with an event bus of its own, at an hour outside the
 * quiet hours (which hold push and SMS until 07:00).
 */
function process() {
  return createAdLifecycle({
    clock: yesterdayNoon,
    db: ctx.db,
    storage: ctx.storage,
    events: createDomainEvents(console),
    mediaBaseUrl: "/media",
    publicUrl: "https://waterside.test",
    screening: createAdScreening({ db: ctx.db, priceGuide: createPriceGuide(ctx.db) }),
  });
}

async function sellerWithChannels(phone: string) {
  const seller = await signedInUser(ctx.app, ctx.db);
  await ctx.db.update(users).set({ verified_phone_number: phone }).where(eq(users.id, seller.user.id));
  const subscription = pushService.subscribe();
  const subscribed = await ctx.app.inject({
    method: "POST",
    url: "/api/push/subscriptions",
    headers: seller.headers,
    payload: subscription,
  });
  expect(subscribed.statusCode).toBe(201);
  return { ...seller, subscription };
}

const pushesTo = (endpoint: string) => pushService.received.filter((push) => endpoint.endsWith(push.path));
const smsTo = (phone: string) => sms.messages.filter((message) => message.to === phone);
/** The seller's expiry reminders in the notification centre, and their deliveries once none is queued any more. */
async function remindersOf(userId: number) {
  const rows = () =>
    ctx.db.execute<{ title: string; url: string; deliveries: string[] }>(sql`
      select n.title, n.url, array(select d.channel || ':' || d.status from notification_deliveries d
        where d.notification_id = n.id order by d.channel) as deliveries
      from notifications n where n.user_id = ${userId} and n.type = 'expiry_reminder' order by n.id`);
  await expect
    .poll(async () => (await rows()).flatMap((row) => row.deliveries).some((d) => d.endsWith(":queued")), {
      timeout: 10_000,
    })
    .toBe(false);
  return rows();
}

describe("the expiry reminder", () => {
  it("tells the seller once by push, mail and SMS, with two processes at once and a retry after", async () => {
    const phone = "+231770000101";
    const seller = await sellerWithChannels(phone);
    const ad = await createAd(ctx.db, { user_id: seller.user.id, title: "Generator 5kVA", expires_at: inDays(2.5) });
    // Not yet within the reminder's days: nothing.
    const later = await createAd(ctx.db, { user_id: seller.user.id, expires_at: inDays(10) });

    const [first, second] = await Promise.all([process().remindDue(), process().remindDue()]);
    // One claim between them (none if the app's hourly run came first: then that run claimed it).
    expect(first! + second!).toBeLessThanOrEqual(1);
    expect(await process().remindDue()).toBe(0);
    // The app's own job, run again as a retry would, finds nothing more either.
    await ctx.jobs.send("selling.expiry-reminders", {});
    await expect
      .poll(async () => (await jobStates(ctx.sql, "selling.expiry-reminders", {})).at(-1), { timeout: 10_000 })
      .toBe("completed");
    // One notification in the seller's bell, each channel sent once.
    expect(await remindersOf(seller.user.id)).toEqual([
      {
        title: EXPIRY_REMINDER_TEXT.title(3),
        url: "/profile",
        deliveries: ["email:sent", "push:sent", "sms:sent"],
      },
    ]);
    expect(pushesTo(seller.subscription.endpoint)).toHaveLength(1);
    expect(pushesTo(seller.subscription.endpoint)[0]!.payload).toMatchObject({
      title: EXPIRY_REMINDER_TEXT.title(3),
      body: EXPIRY_REMINDER_TEXT.body("Generator 5kVA"),
      url: expect.stringMatching(/\/profile$/),
    });
    await expect.poll(() => mail.mailsTo(seller.user.email!).length, { timeout: 10_000 }).toBe(1);
    expect(mail.mailsTo(seller.user.email!)[0]!.raw).toContain(EXPIRY_REMINDER_TEXT.title(3));
    expect(smsTo(phone)).toHaveLength(1);
    expect(smsTo(phone)[0]!.body).toContain("Generator 5kVA");
    const [row] = await ctx.db.select().from(ads).where(eq(ads.id, later.id));
    expect(row!.expiry_reminded_for).toBeNull();

    // Renewed, the ad has a new period: its next reminder comes when that one nears its end.
    await ctx.db
      .update(ads)
      .set({ expires_at: inDays(1) })
      .where(eq(ads.id, ad.id));
    await process().remindDue();
    const [, renewed] = await remindersOf(seller.user.id);
    // In the bell and by push again; the SMS waits for another day (at most one a day, decision 081).
    expect(renewed!.deliveries).toEqual(["email:sent", "push:sent", "sms:skipped"]);
    expect(pushesTo(seller.subscription.endpoint)).toHaveLength(2);
    expect(smsTo(phone)).toHaveLength(1);
  });

  it("sends no mail to an account without an address, and nothing the seller turned off", async () => {
    const phone = "+231770000102";
    const seller = await sellerWithChannels(phone);
    await ctx.db.update(users).set({ email: null }).where(eq(users.id, seller.user.id));
    const settings = await ctx.app.inject({
      method: "PATCH",
      url: "/api/user/notification-settings",
      headers: seller.headers,
      payload: { push: false },
    });
    expect(settings.statusCode).toBeLessThan(300);
    await createAd(ctx.db, { user_id: seller.user.id, expires_at: inDays(1) });
    await process().remindDue();
    expect((await remindersOf(seller.user.id))[0]!.deliveries).toEqual(["email:skipped", "push:skipped", "sms:sent"]);
    expect(pushesTo(seller.subscription.endpoint)).toHaveLength(0);
    expect(mail.mailsTo(seller.user.email!)).toHaveLength(0);
    expect(smsTo(phone)).toHaveLength(1);
  });
});
