import { randomUUID } from "node:crypto";
import { MOMO_TEST_NUMBERS } from "@waterside/shared/momo-reasons";
import { PAYMENT_MESSAGES } from "@waterside/shared/payments-messages";
import { USER_TYPE } from "@waterside/shared/reference-ids";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMomoSandbox } from "../../lib/momo-sandbox.ts";
import { createAd, signedInUser } from "../../test/factories.ts";
import { jobStates } from "../../test/job-states.ts";
import { startSmtpReceiver, type SmtpReceiver } from "../../test/smtp-receiver.ts";
import { createTestApp } from "../../test/test-app.ts";
import { PROVIDER_CHECK_INTERVAL_SECONDS } from "./payment-protocol.ts";

// MTN is the local sandbox, speaking its protocol; it never calls back here (tests send callbacks themselves),
// so every outcome below comes from a status poll, a callback's check or the reconciler.
const sandbox = await startMomoSandbox({ currency: "USD", resolveAfterMs: 300, callbackBehaviour: "never" });
let receiver: SmtpReceiver;
let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  receiver = await startSmtpReceiver();
  const momo = sandbox.clientConfig;
  ctx = await createTestApp({
    SMTP_URL: receiver.smtpUrl,
    MOMO_BASE_URL: momo.baseUrl,
    MOMO_SUBSCRIPTION_KEY: momo.subscriptionKey,
    MOMO_API_USER: momo.apiUser,
    MOMO_API_KEY: momo.apiKey,
    MOMO_CURRENCY: "USD",
  });
});
afterAll(async () => {
  await ctx.close();
  await receiver.close();
  await sandbox.close();
});

type Headers = Record<string, string>;
const request = (headers: Headers, payload: object) =>
  ctx.app.inject({ method: "POST", url: "/api/payments/momo", headers, payload });
const status = (headers: Headers, transactionId: string) =>
  ctx.app.inject({ method: "GET", url: `/api/payments/momo/status/${transactionId}/ad`, headers });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function adPackages() {
  const response = await ctx.app.inject({ method: "GET", url: "/api/packages/ad" });
  const packs = response.json().data as Array<{ id: number; name: string; price: number }>;
  const boosts = await ctx.sql<
    Array<{ id: number; visibility_boost: number }>
  >`select id, visibility_boost from packages`;
  return packs.map((pack) => ({
    ...pack,
    visibility_boost: boosts.find((row) => row.id === pack.id)!.visibility_boost,
  }));
}

async function sellerWithAd(overrides: { usertype_id?: number } = {}) {
  const seller = await signedInUser(ctx.app, ctx.db, overrides);
  const ad = await createAd(ctx.db, { user_id: seller.user.id });
  return { ...seller, ad };
}

/**
 * Waits for the payer's answer at MTN, then polls the status call until the payment is final here too, as the wizard's
 * Confirm does: MTN is asked at most once per PROVIDER_CHECK_INTERVAL_SECONDS, so a poll made before the answer would
 * hold the next one back that long.
 */
async function finalStatus(headers: Headers, transactionId: string) {
  await expect.poll(() => sandbox.statusOf(transactionId), { timeout: 10_000 }).toMatch(/^(SUCCESSFUL|FAILED)$/);
  for (let attempt = 0; attempt < 40; attempt++) {
    const body = (await status(headers, transactionId)).json().data;
    if (body.status !== "pending") return body;
    await sleep(100);
  }
  throw new Error("the payment stayed pending");
}

const countRows = async (query: string, ...values: unknown[]) =>
  (await ctx.sql.unsafe<Array<{ n: number }>>(query, values as never[]))[0]!.n;

describe("packages", () => {
  it("lists ad packages and business plans, cached for 10 minutes, with the Premium Package among them", async () => {
    const ads = await ctx.app.inject({ method: "GET", url: "/api/packages/ad" });
    expect(ads.headers["cache-control"]).toBe("public, max-age=600");
    expect(ads.json().data.map((pack: { name: string }) => pack.name)).toContain("Premium Package");
    const business = (await ctx.app.inject({ method: "GET", url: "/api/packages/user" })).json().data;
    expect(business.every((pack: { type: string }) => pack.type === "user")).toBe(true);
    const one = (await ctx.app.inject({ method: "GET", url: `/api/packages/${business[0].id}` })).json().data;
    expect(one).toEqual([business[0]]);
    expect((await ctx.app.inject({ method: "GET", url: "/api/packages/999999" })).statusCode).toBe(404);
  });
});

describe("paying for a boost with Mobile Money", () => {
  it("refuses each bad phone number with the spec's message", async () => {
    const { headers, ad } = await sellerWithAd();
    const [pack] = await adPackages();
    // What cannot be put in the spec's form keeps the spec's message (decision 060).
    const cases: Array<[string, string]> = [
      ["", PAYMENT_MESSAGES.phoneRequired],
      ["2318812", PAYMENT_MESSAGES.phoneInvalid],
      ["231 881 abc 567", PAYMENT_MESSAGES.phoneDigitsOnly],
      ["231/881/234567", PAYMENT_MESSAGES.phoneDigitsOnly],
      ["+0881234567", PAYMENT_MESSAGES.phoneCountryCode],
      ["000881234567", PAYMENT_MESSAGES.phoneCountryCode],
      ["881234567", PAYMENT_MESSAGES.phoneCountryCode],
      ["999881234567", PAYMENT_MESSAGES.phoneCountryCode],
      ["231771234567", PAYMENT_MESSAGES.phoneNotMomo],
      ["0771234567", PAYMENT_MESSAGES.phoneNotMomo],
    ];
    for (const [phone_number, message] of cases) {
      const refused = await request(headers, { phone_number, package_id: pack!.id, ad_id: ad.id });
      expect(refused.statusCode, phone_number).toBe(422);
      expect(refused.json().errors.phone_number, phone_number).toEqual([message]);
    }
    expect(sandbox.requests.filter((call) => call.path.endsWith("/requesttopay"))).toHaveLength(0);
  });

  it("takes a MoMo number as Liberians write it and charges it in the spec's form", async () => {
    const packs = await adPackages();
    for (const [index, typed] of ["0886123456", "+231 886 123 456", "231-886-123456", "00231886123456"].entries()) {
      // One ad per number: a payment waiting for approval holds its ad.
      const { headers, ad } = await sellerWithAd();
      const asked = await request(headers, {
        phone_number: typed,
        package_id: packs[index % packs.length]!.id,
        ad_id: ad.id,
      });
      expect(asked.statusCode, typed).toBe(201);
      const { transaction_id } = asked.json().data;
      const sent = sandbox.requests.find(
        (call) => call.path.endsWith("/requesttopay") && call.headers["x-reference-id"] === transaction_id,
      )!;
      expect(JSON.parse(sent.body).payer, typed).toEqual({ partyIdType: "MSISDN", partyId: "231886123456" });
      const stored = await ctx.sql`select phone_number from payments where id = ${transaction_id}`;
      expect(stored[0]!.phone_number, typed).toBe("231886123456");
      const history = (await ctx.app.inject({ method: "GET", url: "/api/payments", headers })).json().data.data;
      expect(history[0]).toMatchObject({ transaction_id, phone_number: "231886123456" });
    }
  });

  it("charges the package's price whatever the client sends, activates once, mails a receipt", async () => {
    const { user, headers, ad } = await sellerWithAd();
    const pack = (await adPackages()).find((candidate) => candidate.name === "Premium Package")!;
    const scoreOf = async () =>
      (await ctx.sql`select visibility_score from ads where id = ${ad.id}`)[0]!.visibility_score;
    const before = await scoreOf();
    const asked = await request(headers, {
      phone_number: MOMO_TEST_NUMBERS.succeeds,
      package_id: pack.id,
      ad_id: ad.id,
      amount: 0.01,
    });
    expect(asked.statusCode).toBe(201);
    const { transaction_id } = asked.json().data;
    const sent = sandbox.requests.find(
      (call) => call.path.endsWith("/requesttopay") && call.headers["x-reference-id"] === transaction_id,
    )!;
    expect(JSON.parse(sent.body)).toMatchObject({
      amount: String(pack.price),
      currency: "USD",
      externalId: transaction_id,
      payer: { partyIdType: "MSISDN", partyId: MOMO_TEST_NUMBERS.succeeds },
    });

    const done = await finalStatus(headers, transaction_id);
    expect(done).toMatchObject({ status: "completed", reason: null, subscription: { status: "active", ad_id: ad.id } });
    const end = new Date(done.subscription.end_date).getTime();
    expect(end - Date.now()).toBeGreaterThan(29 * 86_400_000);
    // The boost lifts the ad in Popular at once: its score carries the package's visibility_boost.
    expect(await scoreOf()).toBe(before + pack.visibility_boost);

    const page = (
      await ctx.app.inject({ method: "GET", url: `/api/ads/id/${ad.id}?load=lastest_subscription`, headers })
    ).json().data;
    expect(page.lastest_subscription).toMatchObject({ status: "active", package: { name: "Premium Package" } });
    // What the seller paid for is theirs alone: a visitor or another user is not told.
    const stranger = await signedInUser(ctx.app, ctx.db);
    for (const others of [{}, stranger.headers]) {
      const seen = await ctx.app.inject({ url: `/api/ads/id/${ad.id}?load=lastest_subscription`, headers: others });
      expect(seen.statusCode).toBe(200);
      expect(seen.json().data).not.toHaveProperty("lastest_subscription");
    }
    const boosted = await ctx.app.inject({
      method: "POST",
      url: "/api/ads/get",
      payload: { user_id: user.id, has_active_subscription: true },
    });
    expect(boosted.json().data.data.map((listed: { id: number }) => listed.id)).toEqual([ad.id]);

    const receipt = (await receiver.nextMailTo(user.email)).raw.replace(/=\r?\n/g, "");
    expect(receipt).toContain(transaction_id);
    expect(receipt).toContain(`${pack.price.toFixed(2)} USD`);

    // The same package again: refused before MTN hears of it.
    const again = await request(headers, {
      phone_number: MOMO_TEST_NUMBERS.succeeds,
      package_id: pack.id,
      ad_id: ad.id,
    });
    expect(again.json().errors.package_id).toEqual([PAYMENT_MESSAGES.alreadySubscribed]);
  });

  it("says why a payment failed, in plain words, and activates nothing", async () => {
    const { headers, ad } = await sellerWithAd();
    const [pack] = await adPackages();
    const { transaction_id } = (
      await request(headers, { phone_number: MOMO_TEST_NUMBERS.notEnoughFunds, package_id: pack!.id, ad_id: ad.id })
    ).json().data;
    const failed = await finalStatus(headers, transaction_id);
    expect(failed.status).toBe("failed");
    expect(failed.reason).toMatch(/enough/i);
    expect(failed.subscription).toBeNull();
    expect(await countRows("select count(*)::int as n from subscriptions where ad_id = $1", ad.id)).toBe(0);
    const history = (await ctx.app.inject({ method: "GET", url: "/api/payments", headers })).json().data.data;
    expect(history[0]).toMatchObject({ transaction_id, status: "failed", amount: pack!.price });
  });

  it("activates a payment whose callback never comes: the reconciler asks MTN", async () => {
    const { headers, ad } = await sellerWithAd();
    const [pack] = await adPackages();
    const { transaction_id } = (
      await request(headers, { phone_number: MOMO_TEST_NUMBERS.succeeds, package_id: pack!.id, ad_id: ad.id })
    ).json().data;
    await expect.poll(() => sandbox.statusOf(transaction_id)).toBe("SUCCESSFUL");
    await ctx.sql`update payments set next_check_at = now() where id = ${transaction_id}`;
    // The reconciler's run, as its schedule starts it every minute, on the job queue.
    await ctx.jobs.send("payments.reconcile", {});
    await expect
      .poll(async () => (await ctx.sql`select status from payments where id = ${transaction_id}`)[0]!.status, {
        timeout: 10_000,
      })
      .toBe("successful");
    expect(
      await countRows("select count(*)::int as n from subscriptions where ad_id = $1 and status = 'active'", ad.id),
    ).toBe(1);
  });

  it("sends the request again when MTN's answer was lost, and a request that stays pending says so", async () => {
    const { headers, ad } = await sellerWithAd();
    const [pack] = await adPackages();
    sandbox.failNext({ on: "requesttopay", kind: "drop-after-accept" });
    const lost = await request(headers, {
      phone_number: MOMO_TEST_NUMBERS.succeeds,
      package_id: pack!.id,
      ad_id: ad.id,
    });
    expect(lost.statusCode).toBe(201);
    const done = await finalStatus(headers, lost.json().data.transaction_id);
    expect(done.status).toBe("completed");

    const other = await sellerWithAd();
    const waiting = (
      await request(other.headers, {
        phone_number: MOMO_TEST_NUMBERS.staysPending,
        package_id: pack!.id,
        ad_id: other.ad.id,
      })
    ).json().data;
    const pending = (await status(other.headers, waiting.transaction_id)).json().data;
    expect(pending).toMatchObject({ status: "pending", subscription: { status: "pending" } });
    // MTN was asked, and said the payer has not answered.
    expect(sandbox.statusCalls(waiting.transaction_id)).toBe(1);
    // A second tap while it waits rings the phone no second time.
    const tap = await request(other.headers, {
      phone_number: MOMO_TEST_NUMBERS.succeeds,
      package_id: pack!.id,
      ad_id: other.ad.id,
    });
    expect(tap.statusCode).toBe(409);
    expect(tap.json().message).toBe(PAYMENT_MESSAGES.paymentWaiting);
  });

  it("50 concurrent callbacks and status polls activate exactly one subscription", async () => {
    const { headers, ad, user } = await sellerWithAd();
    const [pack] = await adPackages();
    const { transaction_id } = (
      await request(headers, { phone_number: MOMO_TEST_NUMBERS.succeeds, package_id: pack!.id, ad_id: ad.id })
    ).json().data;
    await expect.poll(() => sandbox.statusOf(transaction_id)).toBe("SUCCESSFUL");
    const callback = () =>
      ctx.app.inject({
        method: "PUT",
        url: "/api/payments/momo/callback",
        payload: { externalId: transaction_id, status: "SUCCESSFUL", amount: "1", currency: "USD" },
        remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.1`,
      });
    const answers = await Promise.all([
      ...Array.from({ length: 50 }, callback),
      ...Array.from({ length: 10 }, () => status(headers, transaction_id)),
      ctx.sql`update payments set next_check_at = now() where id = ${transaction_id}`.then(() =>
        ctx.jobs.send("payments.reconcile", {}),
      ),
    ]);
    expect(
      answers.filter(
        (answer) => answer && typeof answer === "object" && "statusCode" in answer && answer.statusCode !== 200,
      ),
    ).toHaveLength(0);
    await finalStatus(headers, transaction_id);
    // The callbacks' checks run on the job queue: every one has ended before the subscriptions are counted.
    await expect
      .poll(() => jobStates(ctx.sql, "payments.check", { paymentId: transaction_id }), { timeout: 10_000 })
      .toSatisfy((states: string[]) => states.length > 0 && states.every((state) => state === "completed"));
    expect(await countRows("select count(*)::int as n from subscriptions where payment_id = $1", transaction_id)).toBe(
      1,
    );
    expect(
      await countRows("select count(*)::int as n from subscriptions where ad_id = $1 and status = 'active'", ad.id),
    ).toBe(1);
    expect(
      await countRows(
        "select count(*)::int as n from payments where id = $1 and status = 'successful'",
        transaction_id,
      ),
    ).toBe(1);
    await receiver.nextMailTo(user.email);
    await expect
      .poll(() => jobStates(ctx.sql, "payments.send-receipt", { paymentId: transaction_id }), { timeout: 10_000 })
      .toEqual(["completed"]);
    expect(receiver.mailsTo(user.email)).toHaveLength(0);
  });

  it("an upgrade carries the unused time over at its value; cancel and expiry end the boost", async () => {
    const { headers, ad, user } = await sellerWithAd();
    const packs = await adPackages();
    const cheap = packs.find((pack) => pack.name === "Basic Boost")!;
    const premium = packs.find((pack) => pack.name === "Premium Package")!;
    const first = (
      await request(headers, { phone_number: MOMO_TEST_NUMBERS.succeeds, package_id: cheap.id, ad_id: ad.id })
    ).json().data;
    await finalStatus(headers, first.transaction_id);
    const upgrade = (
      await request(headers, { phone_number: MOMO_TEST_NUMBERS.succeeds, package_id: premium.id, ad_id: ad.id })
    ).json().data;
    const upgraded = await finalStatus(headers, upgrade.transaction_id);
    const days = (new Date(upgraded.subscription.end_date).getTime() - Date.now()) / 86_400_000;
    // 30 days of Premium plus about 30 × 5/25 = 6 days carried over from Basic.
    expect(days).toBeGreaterThan(35.9);
    expect(days).toBeLessThan(36.1);

    const list = (await ctx.app.inject({ method: "GET", url: "/api/subscriptions?type=ad", headers })).json().data;
    expect(list.data.map((subscription: { status: string }) => subscription.status)).toEqual(["active", "canceled"]);
    const wrongDates = await ctx.app.inject({
      method: "GET",
      url: "/api/subscriptions?start_date=2026-02-01&end_date=2026-01-01",
      headers,
    });
    expect(wrongDates.json().errors.end_date).toEqual([PAYMENT_MESSAGES.datesOrder]);

    const other = await signedInUser(ctx.app, ctx.db);
    const id = upgraded.subscription.id;
    expect(
      (
        await ctx.app.inject({
          method: "POST",
          url: "/api/subscriptions/cancel",
          headers: other.headers,
          payload: { id, type: "ad" },
        })
      ).statusCode,
    ).toBe(404);
    const scoreOf = async () =>
      (await ctx.sql`select visibility_score from ads where id = ${ad.id}`)[0]!.visibility_score;
    const boostedScore = await scoreOf();
    const canceled = await ctx.app.inject({
      method: "POST",
      url: "/api/subscriptions/cancel",
      headers,
      payload: { id, type: "ad" },
    });
    expect(canceled.json()).toMatchObject({ message: "Canceled!", data: { status: "canceled" } });
    // The boost ends at once: the score loses it.
    expect(await scoreOf()).toBe(boostedScore - premium.visibility_boost);
    const boosted = await ctx.app.inject({
      method: "POST",
      url: "/api/ads/get",
      payload: { user_id: user.id, has_active_subscription: true },
    });
    expect(boosted.json().data.data).toHaveLength(0);

    // A boost whose time is up expires.
    const again = (
      await request(headers, { phone_number: MOMO_TEST_NUMBERS.succeeds, package_id: cheap.id, ad_id: ad.id })
    ).json().data;
    await finalStatus(headers, again.transaction_id);
    await ctx.sql`update subscriptions set end_date = now() - interval '1 minute' where payment_id = ${again.transaction_id}`;
    await ctx.jobs.send("payments.expire-subscriptions", {});
    await expect
      .poll(
        async () =>
          (await ctx.sql`select status from subscriptions where payment_id = ${again.transaction_id}`)[0]!.status,
        {
          timeout: 10_000,
        },
      )
      .toBe("expired");
  });

  it("only the ad's owner pays for it, business plans are for businesses, and visitors pay nothing", async () => {
    const { ad } = await sellerWithAd();
    const stranger = await signedInUser(ctx.app, ctx.db);
    const [pack] = await adPackages();
    const foreign = await request(stranger.headers, {
      phone_number: MOMO_TEST_NUMBERS.succeeds,
      package_id: pack!.id,
      ad_id: ad.id,
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe(PAYMENT_MESSAGES.notYourAd);
    expect(
      (await request({}, { phone_number: MOMO_TEST_NUMBERS.succeeds, package_id: pack!.id, ad_id: ad.id })).statusCode,
    ).toBe(401);

    const plan = (await ctx.app.inject({ method: "GET", url: "/api/packages/user" })).json().data[0];
    const individual = await request(stranger.headers, {
      phone_number: MOMO_TEST_NUMBERS.succeeds,
      package_id: plan.id,
    });
    expect(individual.json().message).toBe(PAYMENT_MESSAGES.businessOnly);
    const company = await signedInUser(ctx.app, ctx.db, { usertype_id: USER_TYPE.company });
    const bought = await request(company.headers, { phone_number: MOMO_TEST_NUMBERS.succeeds, package_id: plan.id });
    expect(bought.statusCode).toBe(201);
    const done = await finalStatus(company.headers, bought.json().data.transaction_id);
    expect(done.subscription).toMatchObject({ type: "user", status: "active", ad_id: null });
    // Someone else's payment is nobody else's business.
    expect((await status(stranger.headers, bought.json().data.transaction_id)).statusCode).toBe(404);
  });
});

describe("status polls ask MTN at most once per interval", () => {
  /** A payment MTN keeps pending: every status call it gets is counted at the sandbox. */
  async function pendingPayment() {
    const seller = await sellerWithAd();
    const [pack] = await adPackages();
    const asked = await request(seller.headers, {
      phone_number: MOMO_TEST_NUMBERS.staysPending,
      package_id: pack!.id,
      ad_id: seller.ad.id,
    });
    return { ...seller, transactionId: asked.json().data.transaction_id as string };
  }

  /** As if the interval had gone by for the payment: when MTN was last asked, and when its next check is due. */
  const intervalPasses = (transactionId: string) => ctx.sql`
    update payments set
      provider_checked_at = provider_checked_at - ${PROVIDER_CHECK_INTERVAL_SECONDS} * interval '1 second',
      next_check_at = next_check_at - ${PROVIDER_CHECK_INTERVAL_SECONDS} * interval '1 second'
    where id = ${transactionId}`;

  it("30 concurrent and 30 sequential polls ask once; the 61st in a minute is refused, for that user only", async () => {
    const { headers, transactionId } = await pendingPayment();
    const concurrent = await Promise.all(Array.from({ length: 30 }, () => status(headers, transactionId)));
    expect(concurrent.map((answer) => answer.statusCode)).toEqual(Array(30).fill(200));
    expect(concurrent.map((answer) => answer.json().data.status)).toEqual(Array(30).fill("pending"));
    expect(sandbox.statusCalls(transactionId)).toBe(1);
    for (let poll = 0; poll < 30; poll++) {
      const answer = await status(headers, transactionId);
      expect(answer.json().data).toMatchObject({ status: "pending", subscription: { status: "pending" } });
    }
    expect(sandbox.statusCalls(transactionId)).toBe(1);

    // 60 polls a minute is more than a person tapping Confirm ever makes.
    const limited = await status(headers, transactionId);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many attempts\. Please try again in \d+ (seconds?|minute)\.$/);
    // Someone else polling this payment is told, as ever, that there is no such payment, and MTN hears nothing.
    const stranger = await signedInUser(ctx.app, ctx.db);
    const foreign = await status(stranger.headers, transactionId);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe("Payment not found.");
    expect(foreign.json()).toEqual((await status(stranger.headers, randomUUID())).json());
    expect(sandbox.statusCalls(transactionId)).toBe(1);
  });

  it("asks MTN once more when the interval is over", async () => {
    const { headers, transactionId } = await pendingPayment();
    expect((await status(headers, transactionId)).json().data.status).toBe("pending");
    expect((await status(headers, transactionId)).json().data.status).toBe("pending");
    expect(sandbox.statusCalls(transactionId)).toBe(1);
    await intervalPasses(transactionId);
    const polls = await Promise.all(Array.from({ length: 10 }, () => status(headers, transactionId)));
    expect(polls.map((answer) => answer.json().data.status)).toEqual(Array(10).fill("pending"));
    expect(sandbox.statusCalls(transactionId)).toBe(2);
  });

  it("answers a completed or failed payment from the store: MTN is not asked again, even after the interval", async () => {
    const [pack] = await adPackages();
    const payers = [
      { ...(await sellerWithAd()), phone: MOMO_TEST_NUMBERS.succeeds, final: "completed" },
      { ...(await sellerWithAd()), phone: MOMO_TEST_NUMBERS.notEnoughFunds, final: "failed" },
    ];
    for (const payer of payers) {
      const asked = await request(payer.headers, {
        phone_number: payer.phone,
        package_id: pack!.id,
        ad_id: payer.ad.id,
      });
      const transactionId = asked.json().data.transaction_id as string;
      expect((await finalStatus(payer.headers, transactionId)).status).toBe(payer.final);
      const calls = sandbox.statusCalls(transactionId);
      await intervalPasses(transactionId);
      const polls = await Promise.all(Array.from({ length: 20 }, () => status(payer.headers, transactionId)));
      expect(polls.map((answer) => answer.json().data.status)).toEqual(Array(20).fill(payer.final));
      expect(sandbox.statusCalls(transactionId)).toBe(calls);
    }
  });

  it("a payment whose polls and callback were held back is settled by the reconciler once the interval is over", async () => {
    const { headers, ad } = await sellerWithAd();
    const [pack] = await adPackages();
    const { transaction_id } = (
      await request(headers, { phone_number: MOMO_TEST_NUMBERS.succeeds, package_id: pack!.id, ad_id: ad.id })
    ).json().data;
    // MTN turns the first status call away (as when it throttles our key): the polls inside the interval are answered
    // from the store, pending, even once the payer has approved.
    sandbox.failNext({ on: "status", referenceId: transaction_id, kind: "status", status: 429 });
    const polls = await Promise.all(Array.from({ length: 30 }, () => status(headers, transaction_id)));
    expect(polls.map((answer) => answer.json().data.status)).toEqual(Array(30).fill("pending"));
    await expect.poll(() => sandbox.statusOf(transaction_id)).toBe("SUCCESSFUL");
    expect((await status(headers, transaction_id)).json().data.status).toBe("pending");
    expect(sandbox.statusCalls(transaction_id)).toBe(1);

    // MTN's callback inside the interval: its check, on the job queue, asks nothing either…
    const callback = await ctx.app.inject({
      method: "PUT",
      url: "/api/payments/momo/callback",
      payload: { externalId: transaction_id, status: "SUCCESSFUL" },
    });
    expect(callback.statusCode).toBe(200);
    await expect
      .poll(
        async () =>
          (
            await ctx.sql`select state from pgboss.job where name = 'payments.check' and data->>'paymentId' = ${transaction_id}`
          )
            .map((job) => job.state)
            .sort(),
        { timeout: 10_000 },
      )
      // …and schedules a check of its own for the interval's end, so the answer does not wait for the reconciler.
      .toEqual(["completed", "created"]);
    // That check is marked as a follow-up, which queues no other: forged callbacks cannot start chains of checks.
    const waiting = await ctx.sql`select data from pgboss.job where name = 'payments.check' and state = 'created'
      and data->>'paymentId' = ${transaction_id}`;
    expect(waiting.map((job) => job.data)).toEqual([{ paymentId: transaction_id, followUp: true }]);
    expect(sandbox.statusCalls(transaction_id)).toBe(1);

    // The reconciler's next run after the interval asks too, whatever the backoff had planned: one of them settles it.
    await intervalPasses(transaction_id);
    await ctx.jobs.send("payments.reconcile", {});
    await expect
      .poll(async () => (await ctx.sql`select status from payments where id = ${transaction_id}`)[0]!.status, {
        timeout: 10_000,
      })
      .toBe("successful");
    expect(sandbox.statusCalls(transaction_id)).toBe(2);
    expect((await status(headers, transaction_id)).json().data).toMatchObject({
      status: "completed",
      subscription: { status: "active", ad_id: ad.id },
    });
  });
});
