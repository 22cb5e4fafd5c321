import { MOMO_TEST_NUMBERS } from "@waterside/shared/momo-reasons";
import { orangeReasonText } from "@waterside/shared/orange-reasons";
import { ORANGE_TEST_NUMBERS, PAYMENT_MESSAGES, walletCurrencyError } from "@waterside/shared/payments-messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMomoSandbox } from "../../lib/momo-sandbox.ts";
import { startPawapaySandbox } from "../../lib/pawapay-sandbox.ts";
import { createAd, signedInUser } from "../../test/factories.ts";
import { jobStates } from "../../test/job-states.ts";
import { startSmtpReceiver, type SmtpReceiver } from "../../test/smtp-receiver.ts";
import { createTestApp } from "../../test/test-app.ts";
import { PAYMENT_GIVE_UP_MS, PROVIDER_CHECK_INTERVAL_SECONDS } from "./payment-protocol.ts";

// Issue 30: Orange Money through pawaPay's deposits API, beside MTN MoMo, on the same state machine. Both providers are
// local sandboxes speaking their protocols over HTTP; pawaPay's never calls back here (tests send callbacks
// themselves), so every outcome below comes from a status poll, a callback's check or the reconciler.
const pawapay = await startPawapaySandbox({ resolveAfterMs: 300, callbackBehaviour: "never" });
const momo = await startMomoSandbox({ currency: "USD", resolveAfterMs: 300, callbackBehaviour: "never" });
let receiver: SmtpReceiver;
let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  receiver = await startSmtpReceiver();
  ctx = await createTestApp({
    SMTP_URL: receiver.smtpUrl,
    MOMO_BASE_URL: momo.clientConfig.baseUrl,
    MOMO_SUBSCRIPTION_KEY: momo.clientConfig.subscriptionKey,
    MOMO_API_USER: momo.clientConfig.apiUser,
    MOMO_API_KEY: momo.clientConfig.apiKey,
    MOMO_CURRENCY: "USD",
    ORANGE_BASE_URL: pawapay.clientConfig.baseUrl,
    ORANGE_API_TOKEN: pawapay.clientConfig.apiToken,
  });
});
afterAll(async () => {
  await ctx.close();
  await receiver.close();
  await pawapay.close();
  await momo.close();
});

type Headers = Record<string, string>;
const request = (headers: Headers, payload: object, wallet = "orange-money") =>
  ctx.app.inject({ method: "POST", url: `/api/payments/${wallet}`, headers, payload });
const status = (headers: Headers, transactionId: string, wallet = "orange-money") =>
  ctx.app.inject({ method: "GET", url: `/api/payments/${wallet}/status/${transactionId}/ad`, headers });
const callback = (transactionId: string) =>
  ctx.app.inject({
    method: "POST",
    url: "/api/payments/orange-money/callback",
    // pawaPay's deposit callback; nothing in it but the depositId is read.
    payload: { depositId: transactionId, status: "COMPLETED", amount: "1", currency: "USD" },
    remoteAddress: `10.8.${Math.floor(Math.random() * 250)}.1`,
  });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const deposits = () => pawapay.requests.filter((call) => call.method === "POST" && call.path === "/v2/deposits");
const depositOf = (transactionId: string) =>
  deposits()
    .map((call) => ({ call, body: JSON.parse(call.body) }))
    .filter(({ body }) => body.depositId === transactionId);
const countRows = async (query: string, ...values: unknown[]) =>
  (await ctx.sql.unsafe<Array<{ n: number }>>(query, values as never[]))[0]!.n;

async function packageNamed(name: string) {
  const packs = (await ctx.app.inject({ method: "GET", url: "/api/packages/ad" })).json().data;
  return packs.find((pack: { name: string }) => pack.name === name) as { id: number; price: number };
}

async function sellerWithAd() {
  const seller = await signedInUser(ctx.app, ctx.db);
  const ad = await createAd(ctx.db, { user_id: seller.user.id });
  return { ...seller, ad };
}

/** Waits for the payer's answer at pawaPay, then polls as the wizard's Confirm does until the payment is final here. */
async function finalStatus(headers: Headers, transactionId: string) {
  await expect.poll(() => pawapay.statusOf(transactionId), { timeout: 10_000 }).toMatch(/^(COMPLETED|FAILED)$/);
  for (let attempt = 0; attempt < 80; attempt++) {
    const body = (await status(headers, transactionId)).json().data;
    if (body.status !== "pending") return body;
    await sleep(100);
  }
  throw new Error("the payment stayed pending");
}

describe("the wallet follows the number", () => {
  it("refuses an MTN number for Orange Money and an Orange number for MoMo, with each wallet's message", async () => {
    const { user, headers, ad } = await sellerWithAd();
    const pack = await packageNamed("Basic Boost");
    for (const phone_number of [MOMO_TEST_NUMBERS.succeeds, "0886123456", "231551234567"]) {
      const refused = await request(headers, { phone_number, package_id: pack.id, ad_id: ad.id });
      expect(refused.statusCode, phone_number).toBe(422);
      expect(refused.json().errors.phone_number, phone_number).toEqual([PAYMENT_MESSAGES.phoneNotOrange]);
    }
    // The spec's first rules keep their own messages on the Orange route too.
    const blank = await request(headers, { phone_number: "", package_id: pack.id, ad_id: ad.id });
    expect(blank.json().errors.phone_number).toEqual([PAYMENT_MESSAGES.phoneRequired]);
    for (const phone_number of [ORANGE_TEST_NUMBERS.succeeds, "0770456789"]) {
      const refused = await request(headers, { phone_number, package_id: pack.id, ad_id: ad.id }, "momo");
      expect(refused.statusCode, phone_number).toBe(422);
      expect(refused.json().errors.phone_number, phone_number).toEqual([PAYMENT_MESSAGES.phoneNotMomo]);
    }
    expect(deposits()).toHaveLength(0);
    expect(await countRows("select count(*)::int as n from payments where user_id = $1", user.id)).toBe(0);
  });
});

describe("paying in Liberian dollars", () => {
  it("is refused without a rate, and by a wallet whose account holds US$ only", async () => {
    const { headers, ad } = await sellerWithAd();
    const pack = await packageNamed("Basic Boost");
    // No rate set yet in this database.
    expect(await countRows("select count(*)::int as n from exchange_rates")).toBe(0);
    const noRate = await request(headers, {
      phone_number: ORANGE_TEST_NUMBERS.succeeds,
      package_id: pack.id,
      ad_id: ad.id,
      currency: "LRD",
    });
    expect(noRate.statusCode).toBe(422);
    expect(noRate.json().errors.currency).toEqual([PAYMENT_MESSAGES.lrdUnavailable]);
    // MTN's account here holds US$: an L$ payment is refused before MTN hears of it, with what it takes.
    const momoLrd = await request(
      headers,
      { phone_number: MOMO_TEST_NUMBERS.succeeds, package_id: pack.id, ad_id: ad.id, currency: "LRD" },
      "momo",
    );
    expect(momoLrd.statusCode).toBe(422);
    expect(momoLrd.json().errors.currency).toEqual([walletCurrencyError("mtn_momo", ["USD"])]);
    expect(momoLrd.json().errors.currency).toEqual(["MTN MoMo payments are taken in US dollars only."]);
    expect(deposits()).toHaveLength(0);
    expect(momo.requests.filter((call) => call.path.endsWith("/requesttopay"))).toHaveLength(0);
    expect(await countRows("select count(*)::int as n from payments")).toBe(0);
  });

  it("charges the package's price at the rate in force, rounded up to the cent, and records the rate", async () => {
    const { user, headers, ad } = await sellerWithAd();
    const pack = await packageNamed("Basic Boost");
    // A history: the latest row is the rate in force. 5 × 190.0001 = 950.0005, which rounds up to L$ 950.01.
    await ctx.sql`insert into exchange_rates (usd_lrd, note, created_at) values
      (185, 'CBL daily rate', now() - interval '2 days'), (190.0001, 'CBL daily rate', now() - interval '1 hour')`;
    expect(pack.price).toBe(5);
    const asked = await request(headers, {
      phone_number: ORANGE_TEST_NUMBERS.succeeds,
      package_id: pack.id,
      ad_id: ad.id,
      currency: "LRD",
    });
    expect(asked.statusCode).toBe(201);
    const { transaction_id } = asked.json().data;
    const [sent] = depositOf(transaction_id);
    expect(sent!.body).toMatchObject({
      amount: "950.01",
      currency: "LRD",
      payer: { type: "MMO", accountDetails: { phoneNumber: ORANGE_TEST_NUMBERS.succeeds, provider: "ORANGE_LBR" } },
    });
    expect(sent!.call.headers.authorization).toBe(`Bearer ${pawapay.clientConfig.apiToken}`);
    const [row] = await ctx.sql`select provider, amount::float8 as amount, currency, amount_usd::float8 as amount_usd,
      usd_lrd::float8 as usd_lrd from payments where id = ${transaction_id}`;
    expect(row).toEqual({
      provider: "orange_money",
      amount: 950.01,
      currency: "LRD",
      amount_usd: 5,
      usd_lrd: 190.0001,
    });

    // A new rate later changes nothing of a payment already asked for.
    await ctx.sql`insert into exchange_rates (usd_lrd, note) values (200, 'CBL daily rate')`;
    const done = await finalStatus(headers, transaction_id);
    expect(done).toMatchObject({ status: "completed", reason: null, subscription: { status: "active", ad_id: ad.id } });
    const history = (await ctx.app.inject({ method: "GET", url: "/api/payments", headers })).json().data.data;
    expect(history[0]).toMatchObject({
      transaction_id,
      provider: "orange_money",
      amount: 950.01,
      currency: "LRD",
      amount_usd: 5,
      usd_lrd: 190.0001,
    });
    // The receipt states both amounts, the rate, and the wallet.
    const receipt = (await receiver.nextMailTo(user.email)).raw.replace(/=\r?\n/g, "");
    expect(receipt).toContain("950.01 LRD (US$ 5.00 at L$ 190.0001 = US$ 1)");
    expect(receipt).toContain(`${ORANGE_TEST_NUMBERS.succeeds} (Orange Money)`);

    // The next L$ payment is charged at the new rate: 5 × 200.
    const other = await sellerWithAd();
    const next = await request(other.headers, {
      phone_number: ORANGE_TEST_NUMBERS.succeeds,
      package_id: pack.id,
      ad_id: other.ad.id,
      currency: "LRD",
    });
    const [again] = await ctx.sql`select amount::float8 as amount, usd_lrd::float8 as usd_lrd from payments
      where id = ${next.json().data.transaction_id}`;
    expect(again).toEqual({ amount: 1000, usd_lrd: 200 });
  });
});

describe("Orange Money through the local pawaPay sandbox", () => {
  it("charges the package's US$ price whatever the client sends, activates once, and mails a receipt", async () => {
    const { user, headers, ad } = await sellerWithAd();
    const pack = await packageNamed("Premium Package");
    const asked = await request(headers, {
      phone_number: "0770 456 789",
      package_id: pack.id,
      ad_id: ad.id,
      amount: 0.01,
    });
    expect(asked.statusCode).toBe(201);
    const { transaction_id } = asked.json().data;
    // The payment row was written before pawaPay heard of it, under the id pawaPay is given.
    const [sent] = depositOf(transaction_id);
    expect(sent!.body).toEqual({
      depositId: transaction_id,
      amount: String(pack.price),
      currency: "USD",
      payer: { type: "MMO", accountDetails: { phoneNumber: "231770456789", provider: "ORANGE_LBR" } },
      customerMessage: "Waterside Premium Pack",
    });
    const done = await finalStatus(headers, transaction_id);
    expect(done).toMatchObject({ status: "completed", reason: null, subscription: { status: "active", ad_id: ad.id } });
    const [row] = await ctx.sql`select status, currency, amount::float8 as amount, amount_usd::float8 as amount_usd,
      usd_lrd, financial_transaction_id from payments where id = ${transaction_id}`;
    expect(row).toMatchObject({ status: "successful", currency: "USD", amount: pack.price, amount_usd: pack.price });
    expect(row!.usd_lrd).toBeNull();
    expect(row!.financial_transaction_id).toMatch(/^\d{9}$/);
    const receipt = (await receiver.nextMailTo(user.email)).raw.replace(/=\r?\n/g, "");
    expect(receipt).toContain(`Amount: ${pack.price.toFixed(2)} USD`);
    expect(receipt).not.toContain("US$");
    expect(receipt).toContain(`Orange Money transaction: ${row!.financial_transaction_id}`);

    // An Orange payment is not MoMo's: the MoMo status route does not know it.
    expect((await status(headers, transaction_id, "momo")).statusCode).toBe(404);
  });

  it("says why a payment failed, in plain words, and activates nothing", async () => {
    const { headers, ad } = await sellerWithAd();
    const pack = await packageNamed("Basic Boost");
    const { transaction_id } = (
      await request(headers, {
        phone_number: ORANGE_TEST_NUMBERS.insufficientBalance,
        package_id: pack.id,
        ad_id: ad.id,
      })
    ).json().data;
    const failed = await finalStatus(headers, transaction_id);
    expect(failed).toMatchObject({
      status: "failed",
      reason: orangeReasonText("INSUFFICIENT_BALANCE"),
      subscription: null,
    });
    expect(failed.reason).toBe("There is not enough money in your Orange Money account.");
    expect(await countRows("select count(*)::int as n from subscriptions where ad_id = $1", ad.id)).toBe(0);
    const [row] = await ctx.sql`select status, reason from payments where id = ${transaction_id}`;
    expect(row).toEqual({ status: "failed", reason: "INSUFFICIENT_BALANCE" });

    // A deposit pawaPay rejects at once (AMOUNT_OUT_OF_BOUNDS) is refused on the number, with the reason.
    const other = await sellerWithAd();
    const rejected = await request(other.headers, {
      phone_number: ORANGE_TEST_NUMBERS.rejected,
      package_id: pack.id,
      ad_id: other.ad.id,
    });
    expect(rejected.statusCode).toBe(422);
    expect(rejected.json().errors.phone_number).toEqual([
      `${PAYMENT_MESSAGES.requestFailed}: ${orangeReasonText("AMOUNT_OUT_OF_BOUNDS")}`,
    ]);
    const [refused] = await ctx.sql`select status, reason from payments where ad_id = ${other.ad.id}`;
    expect(refused).toEqual({ status: "failed", reason: "AMOUNT_OUT_OF_BOUNDS" });
    expect(await countRows("select count(*)::int as n from subscriptions where ad_id = $1", other.ad.id)).toBe(0);
  });

  it("a payer who never answers: pending, asked once per interval, expired by the reconciler after a day", async () => {
    const { headers, ad } = await sellerWithAd();
    const pack = await packageNamed("Basic Boost");
    const { transaction_id } = (
      await request(headers, { phone_number: ORANGE_TEST_NUMBERS.noAnswer, package_id: pack.id, ad_id: ad.id })
    ).json().data;
    const polls = await Promise.all(Array.from({ length: 20 }, () => status(headers, transaction_id)));
    expect(polls.map((answer) => answer.json().data.status)).toEqual(Array(20).fill("pending"));
    expect(pawapay.statusCalls(transaction_id)).toBe(1);
    await sleep(400);
    expect(pawapay.statusOf(transaction_id)).toBe("PROCESSING");
    expect((await status(headers, transaction_id)).json().data).toMatchObject({
      status: "pending",
      subscription: { status: "pending" },
    });
    // A double tap while it waits rings the phone no second time.
    const tap = await request(headers, {
      phone_number: ORANGE_TEST_NUMBERS.succeeds,
      package_id: pack.id,
      ad_id: ad.id,
    });
    expect(tap.statusCode).toBe(409);
    expect(tap.json().message).toBe(PAYMENT_MESSAGES.paymentWaiting);

    // A day later, still no answer: the reconciler asks once more and gives up.
    await ctx.sql`update payments set created_at = now() - ${PAYMENT_GIVE_UP_MS + 60_000} * interval '1 millisecond',
      provider_checked_at = null, next_check_at = now() where id = ${transaction_id}`;
    await ctx.jobs.send("payments.reconcile", {});
    await expect
      .poll(async () => (await ctx.sql`select status, reason from payments where id = ${transaction_id}`)[0], {
        timeout: 10_000,
      })
      .toEqual({ status: "failed", reason: "EXPIRED" });
    expect(pawapay.statusCalls(transaction_id)).toBe(2);
    expect((await status(headers, transaction_id)).json().data).toMatchObject({
      status: "failed",
      reason: orangeReasonText("EXPIRED"),
      subscription: null,
    });
  });

  it("a lost answer: the deposit is asked about, sent again with the same id, and pawaPay's DUPLICATE_IGNORED is ours", async () => {
    const { headers, ad } = await sellerWithAd();
    const pack = await packageNamed("Basic Boost");
    // pawaPay stores the deposit, then the connection is cut: we never hear ACCEPTED.
    pawapay.failNext({ on: "deposit", kind: "drop-after-accept" });
    const asked = await request(headers, {
      phone_number: ORANGE_TEST_NUMBERS.succeeds,
      package_id: pack.id,
      ad_id: ad.id,
    });
    expect(asked.statusCode).toBe(201);
    const { transaction_id } = asked.json().data;
    expect((await ctx.sql`select status from payments where id = ${transaction_id}`)[0]!.status).toBe("requesting");
    // pawaPay's status call does not find it yet: the deposit is sent again under the same id, which pawaPay
    // recognizes as the one it holds.
    pawapay.failNext({ on: "status", depositId: transaction_id, kind: "not-found" });
    expect((await status(headers, transaction_id)).json().data.status).toBe("pending");
    const sent = depositOf(transaction_id);
    expect(sent).toHaveLength(2);
    // The first answer never arrived (the connection was cut); the second says pawaPay holds it already.
    expect(sent.map(({ call }) => [call.status, (call.answer as { status?: string } | undefined)?.status])).toEqual([
      [0, undefined],
      [200, "DUPLICATE_IGNORED"],
    ]);
    const [row] = await ctx.sql`select status from payments where id = ${transaction_id}`;
    expect(row!.status).toBe("pending");

    await ctx.sql`update payments set provider_checked_at = provider_checked_at
      - ${PROVIDER_CHECK_INTERVAL_SECONDS} * interval '1 second' where id = ${transaction_id}`;
    const done = await finalStatus(headers, transaction_id);
    expect(done).toMatchObject({ status: "completed", subscription: { status: "active" } });
    expect(await countRows("select count(*)::int as n from subscriptions where payment_id = $1", transaction_id)).toBe(
      1,
    );
  });

  it("50 concurrent callbacks, 10 status polls and the reconciler activate exactly one subscription", async () => {
    const { headers, ad, user } = await sellerWithAd();
    const pack = await packageNamed("Basic Boost");
    const { transaction_id } = (
      await request(headers, { phone_number: ORANGE_TEST_NUMBERS.succeeds, package_id: pack.id, ad_id: ad.id })
    ).json().data;
    await expect.poll(() => pawapay.statusOf(transaction_id)).toBe("COMPLETED");
    const answers = await Promise.all([
      ...Array.from({ length: 50 }, () => callback(transaction_id)),
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
    // pawaPay was asked at most once per interval, however many asked: the polls, the checks and the reconciler.
    expect(pawapay.statusCalls(transaction_id)).toBe(1);
    await receiver.nextMailTo(user.email);
    await expect
      .poll(() => jobStates(ctx.sql, "payments.send-receipt", { paymentId: transaction_id }), { timeout: 10_000 })
      .toEqual(["completed"]);
    expect(receiver.mailsTo(user.email)).toHaveLength(0);
  });

  it("a callback naming another wallet's payment, or nothing known, queues no check", async () => {
    const { headers, ad } = await sellerWithAd();
    const pack = await packageNamed("Basic Boost");
    const { transaction_id } = (
      await request(
        headers,
        { phone_number: MOMO_TEST_NUMBERS.staysPending, package_id: pack.id, ad_id: ad.id },
        "momo",
      )
    ).json().data;
    for (const answer of [
      await callback(transaction_id),
      await callback("not-a-uuid"),
      await ctx.app.inject({ method: "POST", url: "/api/payments/orange-money/callback", payload: {} }),
    ]) {
      expect(answer.statusCode).toBe(200);
    }
    expect(await jobStates(ctx.sql, "payments.check", { paymentId: transaction_id })).toEqual([]);
    // Its own wallet's status route knows it; the Orange one does not.
    expect((await status(headers, transaction_id, "momo")).json().data.status).toBe("pending");
    expect((await status(headers, transaction_id)).statusCode).toBe(404);
  });
});
