import {
  DEAL_CODE_ATTEMPTS,
  DEAL_DAILY_MAX_USD,
  DEAL_MESSAGES,
  type TDealStatus,
} from "@waterside/shared/deals-messages";
import { MOMO_PAYOUT_TEST_NUMBERS, MOMO_TEST_NUMBERS } from "@waterside/shared/momo-reasons";
import { ORANGE_PAYOUT_TEST_NUMBERS, ORANGE_TEST_NUMBERS } from "@waterside/shared/payments-messages";
import { AD_STATUS } from "@waterside/shared/reference-ids";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMomoSandbox } from "../../lib/momo-sandbox.ts";
import { startPawapaySandbox } from "../../lib/pawapay-sandbox.ts";
import { createAd, signedInAdmin, signedInUser } from "../../test/factories.ts";
import { createTestApp } from "../../test/test-app.ts";

// Issue 33: safe deals through both wallets' local sandboxes, speaking their protocols over HTTP. They never call back
// here: the buyer's status polls (the boosts' payment flow) and the reconcilers move money, as when callbacks are lost.
const momo = await startMomoSandbox({ currency: "USD", resolveAfterMs: 200, callbackBehaviour: "never" });
const pawapay = await startPawapaySandbox({ resolveAfterMs: 200, callbackBehaviour: "never" });
/** The deals' clock: tests move it to see 72 hours pass. */
let clockOffsetMs = 0;
let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp(
    {
      MOMO_BASE_URL: momo.clientConfig.baseUrl,
      MOMO_SUBSCRIPTION_KEY: momo.clientConfig.subscriptionKey,
      MOMO_API_USER: momo.clientConfig.apiUser,
      MOMO_API_KEY: momo.clientConfig.apiKey,
      MOMO_CURRENCY: "USD",
      MOMO_DISBURSEMENT_SUBSCRIPTION_KEY: momo.disbursementConfig.subscriptionKey,
      MOMO_DISBURSEMENT_API_USER: momo.disbursementConfig.apiUser,
      MOMO_DISBURSEMENT_API_KEY: momo.disbursementConfig.apiKey,
      ORANGE_BASE_URL: pawapay.clientConfig.baseUrl,
      ORANGE_API_TOKEN: pawapay.clientConfig.apiToken,
      ORANGE_PAYOUTS: "true",
    },
    { clock: () => new Date(Date.now() + clockOffsetMs) },
  );
});
afterAll(async () => {
  await ctx.close();
  await momo.close();
  await pawapay.close();
});

type Headers = Record<string, string>;
let numbers = 0;
/** A fresh MTN number (each account verifies its own). */
const mtnNumber = () => `23188${String(4_000_000 + ++numbers).padStart(7, "0")}`;
const post = (headers: Headers, url: string, payload?: object) =>
  ctx.app.inject({ method: "POST", url: `/api${url}`, headers, ...(payload && { payload }) });
const get = (headers: Headers, url: string) => ctx.app.inject({ method: "GET", url: `/api${url}`, headers });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One run of a scheduled job, on the job queue as its schedule starts it, awaited to its end. */
async function runJob(
  name: "deals.auto-release" | "deals.cancel-stale" | "deals.reconcile-ledger" | "payouts.reconcile",
) {
  const id = await ctx.jobs.send(name, {});
  await expect
    .poll(
      async () => (await ctx.sql<Array<{ state: string }>>`select state from pgboss.job where id = ${id!}`)[0]?.state,
      {
        timeout: 15_000,
      },
    )
    .toBe("completed");
}

/** A verified user: their number is proven by SMS, as safe deals ask of both parties. */
const verifiedUser = (phone = mtnNumber()) => signedInUser(ctx.app, ctx.db, { verified_phone_number: `+${phone}` });

async function sellerWithAd({ phone, price = 120 }: { phone?: string; price?: number } = {}) {
  const seller = await verifiedUser(phone);
  const ad = await createAd(ctx.db, { user_id: seller.user.id, price, price_local: price });
  return { ...seller, ad };
}

const walletSlug = (phone: string) => (phone.startsWith("23177") ? "orange-money" : "momo");

/** The buyer pays as the boosts' flow does: the wallet prompts, the buyer approves, the status poll sees the answer. */
async function paidDeal({
  seller,
  buyerPhone = MOMO_TEST_NUMBERS.succeeds ?? mtnNumber(),
  amount,
}: {
  seller?: Awaited<ReturnType<typeof sellerWithAd>>;
  buyerPhone?: string;
  amount?: number;
} = {}) {
  const sold = seller ?? (await sellerWithAd());
  const buyer = await verifiedUser();
  const started = await post(buyer.headers, "/deals", {
    ad_id: sold.ad.id,
    phone_number: buyerPhone,
    ...(amount !== undefined && { amount }),
  });
  expect(started.statusCode, started.body).toBe(201);
  const { id, transaction_id } = started.json().data as { id: number; transaction_id: string };
  await waitForPayment(buyer.headers, transaction_id, walletSlug(buyerPhone));
  return { seller: sold, buyer, dealId: id, transactionId: transaction_id };
}

/**
 * Waits for the payer's answer at the wallet, then polls the status call until the payment is final here too, as the
 * payment flow's Confirm does (polls are limited per minute, and the provider is asked at most once per interval).
 */
async function waitForPayment(headers: Headers, transactionId: string, slug: string) {
  const wallet = slug === "momo" ? momo : pawapay;
  await expect
    .poll(() => wallet.statusOf(transactionId), { timeout: 15_000 })
    .toMatch(/^(SUCCESSFUL|FAILED|COMPLETED)$/);
  for (let attempt = 0; attempt < 40; attempt++) {
    const answer = await get(headers, `/payments/${slug}/status/${transactionId}/ad`);
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json().data;
    if (body.status !== "pending") return body;
    await sleep(500);
  }
  throw new Error("the deal's payment stayed pending");
}

const dealOf = async (headers: Headers, id: number) => (await get(headers, `/deals/${id}`)).json().data;
const statusOf = async (id: number) =>
  (await ctx.sql<Array<{ status: TDealStatus }>>`select status from deals where id = ${id}`)[0]!.status;

/**
 * Runs the payouts' reconciler until the deal's payout is final, as its job does every minute; the payout's next
 * check is brought forward to now each time, as if that minute had passed.
 */
async function settlePayouts(dealId: number) {
  for (let attempt = 0; attempt < 60; attempt++) {
    const [row] = await ctx.sql<Array<{ payout_status: string | null }>>`
      select payout_status from deals where id = ${dealId}`;
    if (row?.payout_status === "successful" || row?.payout_status === "failed") return row.payout_status;
    await ctx.sql`update payouts set next_check_at = now() where subject like ${`deal:${dealId}:%`}`;
    await runJob("payouts.reconcile");
  }
  throw new Error("the payout stayed pending");
}

/** Each account's balance in the deal's ledger, and whether each movement sums to zero. */
async function ledgerOf(dealId: number) {
  const rows = await ctx.sql<Array<{ account: string; balance: string }>>`
    select account, sum(amount)::text as balance from deal_ledger_entries where deal_id = ${dealId} group by account`;
  const [unbalanced] = await ctx.sql<Array<{ n: number }>>`
    select count(*)::int as n from (
      select movement from deal_ledger_entries where deal_id = ${dealId} group by movement having sum(amount) <> 0
    ) m`;
  return {
    balances: Object.fromEntries(rows.map((row) => [row.account, Number(row.balance)])),
    unbalancedMovements: unbalanced!.n,
  };
}

describe("starting a safe deal", { timeout: 60_000 }, () => {
  it("holds the buyer's money once paid, shows only the buyer the release code, and balances the ledger", async () => {
    const { seller, buyer, dealId } = await paidDeal();
    const asBuyer = await dealOf(buyer.headers, dealId);
    expect(asBuyer).toMatchObject({ status: "held", role: "buyer", amount: 120, currency: "USD", fee: 3.6 });
    expect(asBuyer.code).toMatch(/^\d{6}$/);
    const asSeller = await dealOf(seller.headers, dealId);
    expect(asSeller).toMatchObject({ status: "held", role: "seller", code: null });
    expect(await ledgerOf(dealId)).toEqual({ balances: { wallet: 120, buyer: 0, held: -120 }, unbalancedMovements: 0 });
    // Both parties were told, in their notification centres.
    const [notices] = await ctx.sql<Array<{ n: number }>>`
      select count(*)::int as n from notifications where type = 'deal' and user_id in (${buyer.user.id}, ${seller.user.id})`;
    expect(notices!.n).toBeGreaterThanOrEqual(2);
    // The deal's steps are lines of the chat about the ad, opened for it, the same for both parties.
    const chatId = asSeller.chat_id as number;
    expect(chatId).toBeTruthy();
    const chat = (await get(seller.headers, `/chats/${chatId}`)).json().data;
    expect(
      chat.messages.map((message: { text: string; clientId: string }) => [message.clientId, message.text]),
    ).toEqual([
      [`deal:${dealId}:created`, "Safe deal · Started · US$ 120.00"],
      [`deal:${dealId}:paid`, "Safe deal · Paid, held · US$ 120.00"],
    ]);
    // Nobody can write a message that passes for a deal's step.
    const forged = await post(buyer.headers, `/chats/${chatId}/messages`, {
      text: "Safe deal · Paid, held · US$ 900.00",
      clientId: `deal:${dealId}:released`,
    });
    expect(forged.statusCode).toBe(422);
  });

  it("refuses what it must, with the words a buyer understands", async () => {
    const { headers: sellerHeaders, ad } = await sellerWithAd({ price: 900 });
    const buyer = await verifiedUser();
    const unverified = await signedInUser(ctx.app, ctx.db);
    const start = (headers: Headers, payload: object) => post(headers, "/deals", payload);
    const phone_number = mtnNumber();

    expect((await start(unverified.headers, { ad_id: ad.id, phone_number })).json().message).toBe(
      DEAL_MESSAGES.buyerUnverified,
    );
    expect((await start(sellerHeaders, { ad_id: ad.id, phone_number })).json().errors.ad_id).toEqual([
      DEAL_MESSAGES.ownAd,
    ]);
    // US$ 900 is over the per-deal limit; US$ 0.50 under the least.
    expect((await start(buyer.headers, { ad_id: ad.id, phone_number })).json().errors.amount).toEqual([
      DEAL_MESSAGES.amountTooHigh,
    ]);
    expect((await start(buyer.headers, { ad_id: ad.id, phone_number, amount: 0.5 })).json().errors.amount).toEqual([
      DEAL_MESSAGES.amountTooLow,
    ]);
    const badPhone = await start(buyer.headers, { ad_id: ad.id, phone_number: "2318812" });
    expect(badPhone.statusCode).toBe(422);
    expect(badPhone.json().errors.phone_number).toBeDefined();
    // A seller without a verified number cannot be paid out, so cannot be offered a safe deal.
    const unverifiedSeller = await signedInUser(ctx.app, ctx.db);
    const theirAd = await createAd(ctx.db, { user_id: unverifiedSeller.user.id, price: 50, price_local: 50 });
    expect((await start(buyer.headers, { ad_id: theirAd.id, phone_number })).json().errors.ad_id).toEqual([
      DEAL_MESSAGES.sellerUnverified,
    ]);
    // An ad no longer for sale.
    const sold = await createAd(ctx.db, { user_id: (await verifiedUser()).user.id, status_id: AD_STATUS.sold });
    expect((await start(buyer.headers, { ad_id: sold.id, phone_number })).json().errors.ad_id).toEqual([
      DEAL_MESSAGES.adNotActive,
    ]);
    expect(await ctx.sql`select 1 from deals where buyer_id = ${buyer.user.id}`).toHaveLength(0);
  });

  it("keeps a buyer within the day's limit, even when they start deals at once", async () => {
    const buyer = await verifiedUser();
    const sellers = await Promise.all(Array.from({ length: 4 }, () => sellerWithAd({ price: 200 })));
    const answers = await Promise.all(
      sellers.map(({ ad }) => post(buyer.headers, "/deals", { ad_id: ad.id, phone_number: mtnNumber() })),
    );
    const started = answers.filter((answer) => answer.statusCode === 201);
    // US$ 500 a day: two deals of US$ 200 fit, a third does not.
    expect(started).toHaveLength(Math.floor(DEAL_DAILY_MAX_USD / 200));
    for (const refused of answers.filter((answer) => answer.statusCode !== 201)) {
      expect(refused.json().errors.amount).toEqual([DEAL_MESSAGES.dailyLimit]);
    }
  });

  it("makes one deal of a double tap", async () => {
    const { ad } = await sellerWithAd();
    const buyer = await verifiedUser();
    const phone_number = mtnNumber();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => post(buyer.headers, "/deals", { ad_id: ad.id, phone_number })),
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(4);
    expect(await ctx.sql`select 1 from deals where buyer_id = ${buyer.user.id}`).toHaveLength(1);
  });

  it("cancels the deal when the payment fails, and refunds a payment approved after a cancellation", async () => {
    const { ad } = await sellerWithAd();
    const buyer = await verifiedUser();
    const failing = await post(buyer.headers, "/deals", {
      ad_id: ad.id,
      phone_number: MOMO_TEST_NUMBERS.notEnoughFunds,
    });
    expect(failing.statusCode, failing.body).toBe(201);
    const failed = failing.json().data;
    await waitForPayment(buyer.headers, failed.transaction_id, "momo");
    expect(await statusOf(failed.id)).toBe("cancelled");

    const late = await post(buyer.headers, "/deals", { ad_id: ad.id, phone_number: mtnNumber() });
    const lateDeal = late.json().data;
    expect((await post(buyer.headers, `/deals/${lateDeal.id}/cancel`)).json().data.status).toBe("cancelled");
    await waitForPayment(buyer.headers, lateDeal.transaction_id, "momo");
    expect(await statusOf(lateDeal.id)).toBe("refunded");
    expect(await settlePayouts(lateDeal.id)).toBe("successful");
    expect((await ledgerOf(lateDeal.id)).balances).toEqual({ wallet: 0, buyer: 0, held: 0 });
  });
  it("cancels a deal waiting for payment once its ad leaves sale, and lets the seller decline one", async () => {
    const { ad } = await sellerWithAd();
    const buyer = await verifiedUser();
    // The wallet's prompt is never answered: the deal waits for payment.
    const waiting = (
      await post(buyer.headers, "/deals", { ad_id: ad.id, phone_number: MOMO_TEST_NUMBERS.staysPending })
    ).json().data;
    expect(waiting.status).toBe("awaiting_payment");
    // Only the seller declines; the buyer cancels.
    expect((await post(buyer.headers, `/deals/${waiting.id}/decline`)).statusCode).toBe(403);
    await ctx.sql`update ads set status_id = ${AD_STATUS.sold} where id = ${ad.id}`;
    await runJob("deals.cancel-stale");
    expect(await statusOf(waiting.id)).toBe("cancelled");
    expect((await dealOf(buyer.headers, waiting.id)).status).toBe("cancelled");

    const other = await sellerWithAd();
    const second = (
      await post(buyer.headers, "/deals", { ad_id: other.ad.id, phone_number: MOMO_TEST_NUMBERS.staysPending })
    ).json().data;
    const declined = await post(other.headers, `/deals/${second.id}/decline`);
    expect(declined.json().data.status).toBe("cancelled");
    // Nothing is held on a deal that was never paid, and declining twice is refused.
    expect((await ledgerOf(second.id)).balances).toEqual({});
    expect((await post(other.headers, `/deals/${second.id}/decline`)).json().message).toBe(
      DEAL_MESSAGES.notAwaitingPayment,
    );
  });
});

describe("releasing the money", { timeout: 60_000 }, () => {
  it("pays the seller once they enter the buyer's code, minus the fee, through MTN", async () => {
    const { seller, buyer, dealId } = await paidDeal();
    const { code } = await dealOf(buyer.headers, dealId);
    const sellerPhone = (
      await ctx.sql<Array<{ p: string }>>`
      select verified_phone_number as p from users where id = ${seller.user.id}`
    )[0]!.p.slice(1);
    const released = await post(seller.headers, `/deals/${dealId}/release`, { code });
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json().data).toMatchObject({ status: "released", payout: { status: "pending", amount: 116.4 } });
    expect(await settlePayouts(dealId)).toBe("successful");
    expect(momo.transfersTo(sellerPhone)).toBe(1);
    expect((await dealOf(seller.headers, dealId)).payout).toMatchObject({ status: "successful", amount: 116.4 });
    expect(await ledgerOf(dealId)).toEqual({
      balances: { wallet: 3.6, buyer: 0, held: 0, seller: 0, fees: -3.6 },
      unbalancedMovements: 0,
    });
    // Releasing twice is refused, and so is a dispute after the release.
    expect((await post(seller.headers, `/deals/${dealId}/release`, { code })).json().message).toBe(
      DEAL_MESSAGES.notHeld,
    );
    expect((await post(buyer.headers, `/deals/${dealId}/dispute`, { reason: "not_received" })).json().message).toBe(
      DEAL_MESSAGES.notDisputable,
    );
  });

  it("pays an Orange Money seller through pawaPay when the buyer confirms", async () => {
    const seller = await sellerWithAd({ phone: ORANGE_PAYOUT_TEST_NUMBERS.paid });
    const { buyer, dealId } = await paidDeal({ seller, buyerPhone: ORANGE_TEST_NUMBERS.succeeds });
    const bySeller = await post(seller.headers, `/deals/${dealId}/confirm`);
    expect(bySeller.statusCode, bySeller.body).toBe(403);
    expect((await post(buyer.headers, `/deals/${dealId}/confirm`)).json().data.status).toBe("released");
    expect(await settlePayouts(dealId)).toBe("successful");
    expect(pawapay.payoutsTo(ORANGE_PAYOUT_TEST_NUMBERS.paid)).toBe(1);
    expect((await ledgerOf(dealId)).balances).toMatchObject({ seller: 0, held: 0, fees: -3.6, wallet: 3.6 });
  });

  it("pauses code entry after five wrong codes, and keeps a deal hidden from everyone else", async () => {
    const { seller, buyer, dealId } = await paidDeal();
    const { code } = await dealOf(buyer.headers, dealId);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let attempt = 1; attempt < DEAL_CODE_ATTEMPTS; attempt++) {
      const refused = await post(seller.headers, `/deals/${dealId}/release`, { code: wrong });
      expect(refused.json().errors.code).toEqual([DEAL_MESSAGES.codeWrong]);
    }
    expect((await post(seller.headers, `/deals/${dealId}/release`, { code: wrong })).statusCode).toBe(429);
    // Even the right code waits out the pause.
    const locked = await post(seller.headers, `/deals/${dealId}/release`, { code });
    expect([locked.statusCode, locked.json().message]).toEqual([429, DEAL_MESSAGES.codeLocked]);
    expect(await statusOf(dealId)).toBe("held");

    const stranger = await verifiedUser();
    for (const [method, url] of [
      ["GET", `/deals/${dealId}`],
      ["POST", `/deals/${dealId}/release`],
      ["POST", `/deals/${dealId}/dispute`],
      ["POST", `/deals/${dealId}/confirm`],
    ] as const) {
      const answer = await ctx.app.inject({
        method,
        url: `/api${url}`,
        headers: stranger.headers,
        ...(method === "POST" && { payload: { code, reason: "other" } }),
      });
      expect(answer.statusCode, url).toBe(404);
    }
    expect((await get(stranger.headers, "/deals")).json().data.data).toEqual([]);
  });

  it("makes exactly one payout of 50 concurrent releases, confirmations and status polls", async () => {
    const { seller, buyer, dealId, transactionId } = await paidDeal();
    const { code } = await dealOf(buyer.headers, dealId);
    const sellerPhone = (
      await ctx.sql<Array<{ p: string }>>`
      select verified_phone_number as p from users where id = ${seller.user.id}`
    )[0]!.p.slice(1);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 3 === 0
          ? post(seller.headers, `/deals/${dealId}/release`, { code })
          : i % 3 === 1
            ? post(buyer.headers, `/deals/${dealId}/confirm`)
            : get(buyer.headers, `/payments/momo/status/${transactionId}/ad`),
      ),
    );
    expect(answers.every((answer) => answer.statusCode < 500)).toBe(true);
    expect(await settlePayouts(dealId)).toBe("successful");
    expect(momo.transfersTo(sellerPhone)).toBe(1);
    const [payouts] = await ctx.sql<Array<{ n: number }>>`
      select count(*)::int as n from payouts where subject like ${`deal:${dealId}:%`}`;
    expect(payouts!.n).toBe(1);
    const [released] = await ctx.sql<Array<{ n: number }>>`
      select count(*)::int as n from deal_events where deal_id = ${dealId} and to_status = 'released' and from_status = 'held'`;
    expect(released!.n).toBe(1);
    expect((await ledgerOf(dealId)).unbalancedMovements).toBe(0);
  });

  it("releases itself 72 hours after the handover unless the buyer disputes", async () => {
    const { seller, buyer, dealId } = await paidDeal();
    const handed = await post(seller.headers, `/deals/${dealId}/handed-over`);
    expect(handed.json().data.auto_release_at).toBeTruthy();
    await runJob("deals.auto-release");
    clockOffsetMs = 71 * 3_600_000;
    await runJob("deals.auto-release");
    expect(await statusOf(dealId)).toBe("held");
    clockOffsetMs = 72 * 3_600_000 + 1000;
    await runJob("deals.auto-release");
    expect(await statusOf(dealId)).toBe("released");
    expect((await dealOf(buyer.headers, dealId)).status).toBe("released");
    expect(await settlePayouts(dealId)).toBe("successful");

    // A dispute stops the clock.
    const other = await paidDeal();
    clockOffsetMs = 0;
    await post(other.seller.headers, `/deals/${other.dealId}/handed-over`);
    expect(
      (await post(other.buyer.headers, `/deals/${other.dealId}/dispute`, { reason: "not_as_described" })).json().data
        .status,
    ).toBe("disputed");
    clockOffsetMs = 100 * 3_600_000;
    await runJob("deals.auto-release");
    expect(await statusOf(other.dealId)).toBe("disputed");
    clockOffsetMs = 0;
  });
});

describe("disputes", { timeout: 60_000 }, () => {
  it("lets an admin see the deal's chat and trail and refund the buyer, audited", async () => {
    const { seller, buyer, dealId } = await paidDeal();
    const disputed = await post(seller.headers, `/deals/${dealId}/dispute`, {
      reason: "seller_unreachable",
      details: "The buyer never came.",
    });
    expect(disputed.json().data.dispute).toMatchObject({ by: "seller", reason: "seller_unreachable" });
    const admin = await signedInAdmin(ctx.app, ctx.db);
    const queue = (await get(admin.headers, "/admin/deals")).json().data;
    expect(queue.data.map((deal: { id: number }) => deal.id)).toContain(dealId);
    // A user's token never reaches the admin API.
    expect((await get(buyer.headers, "/admin/deals")).statusCode).toBe(403);
    const resolved = await post(admin.headers, `/admin/deals/${dealId}/resolve`, {
      outcome: "refund",
      note: "Seller confirmed the item was not handed over.",
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json().data.deal).toMatchObject({ status: "refunded", code: null });
    expect(resolved.json().data.events.map((event: { action: string }) => event.action)).toEqual([
      "created",
      "paid",
      "disputed",
      "resolved_refund",
    ]);
    const [audit] = await ctx.sql<Array<{ n: number }>>`
      select count(*)::int as n from admin_audit_log where action = 'deal.resolve' and target_id = ${dealId}`;
    expect(audit!.n).toBe(1);
    expect(await settlePayouts(dealId)).toBe("successful");
    expect(await ledgerOf(dealId)).toEqual({ balances: { wallet: 0, buyer: 0, held: 0 }, unbalancedMovements: 0 });
    // Resolving twice is refused.
    const again = await post(admin.headers, `/admin/deals/${dealId}/resolve`, { outcome: "release", note: "x" });
    expect([again.statusCode, again.json().message]).toEqual([422, DEAL_MESSAGES.notDisputed]);
  });
});

describe("the ledger's reconciliation", { timeout: 60_000 }, () => {
  it("finds every deal balanced, and reports a deal whose payout failed", async () => {
    const seller = await sellerWithAd({ phone: MOMO_PAYOUT_TEST_NUMBERS.payeeNotFound });
    const { buyer, dealId } = await paidDeal({ seller });
    await post(buyer.headers, `/deals/${dealId}/confirm`);
    expect(await settlePayouts(dealId)).toBe("failed");
    await runJob("deals.reconcile-ledger");
    const differing = await ctx.sql<Array<{ id: number; ledger_difference: string }>>`
      select id, ledger_difference from deals where ledger_difference is not null`;
    expect(differing).toEqual([{ id: dealId, ledger_difference: "the payout failed" }]);
    // Every other deal of this file balances and agrees with its providers.
    const [checked] = await ctx.sql<Array<{ n: number }>>`
      select count(*)::int as n from deals where ledger_checked_at is not null`;
    expect(checked!.n).toBeGreaterThan(5);
    const admin = await signedInAdmin(ctx.app, ctx.db);
    const listed = (await get(admin.headers, "/admin/deals?ledger_difference=true")).json().data.data;
    expect(listed.map((deal: { id: number; ledger_difference: string }) => [deal.id, deal.ledger_difference])).toEqual([
      [dealId, "the payout failed"],
    ]);
  });
});

describe("reviews from proven deals", { timeout: 60_000 }, () => {
  it("lets each party of a released deal review the other once, marked a verified deal", async () => {
    const { seller, buyer, dealId } = await paidDeal();
    const early = await post(buyer.headers, "/user-reviews", { deal_id: dealId, stars: 5, content: "Great" });
    expect(early.json().errors.deal_id).toEqual([DEAL_MESSAGES.reviewNotAllowed]);
    await post(buyer.headers, `/deals/${dealId}/confirm`);
    const review = await post(buyer.headers, "/user-reviews", { deal_id: dealId, stars: 5, content: "Great seller" });
    expect(review.statusCode, review.body).toBe(201);
    expect(review.json().data).toMatchObject({ role: "seller", verified_deal: true, stars: 5 });
    expect((await post(buyer.headers, "/user-reviews", { deal_id: dealId, stars: 1 })).json().errors.deal_id).toEqual([
      DEAL_MESSAGES.reviewTwice,
    ]);
    expect((await post(seller.headers, "/user-reviews", { deal_id: dealId, stars: 4 })).statusCode).toBe(201);
    const stranger = await verifiedUser();
    expect((await post(stranger.headers, "/user-reviews", { deal_id: dealId, stars: 1 })).statusCode).toBe(422);
    const listed = (await get({}, `/users/${seller.user.id}/reviews`)).json().data;
    expect(listed.data).toHaveLength(1);
    expect(listed.data[0]).toMatchObject({ content: "Great seller", author: { id: buyer.user.id } });
  });

  it("proves a cash deal by the code the seller shows the buyer", async () => {
    const { headers: sellerHeaders, user: seller, ad } = await sellerWithAd();
    const buyer = await verifiedUser();
    // The seller records a sale only to someone who chatted about the ad.
    expect((await post(sellerHeaders, "/deals/cash", { ad_id: ad.id, buyer_id: buyer.user.id })).statusCode).toBe(422);
    await post(buyer.headers, "/chats", { recieverId: seller.id, firstMessage: "Still available?", productId: ad.id });
    const cash = await post(sellerHeaders, "/deals/cash", { ad_id: ad.id, buyer_id: buyer.user.id });
    expect(cash.statusCode, cash.body).toBe(201);
    const { id, code } = cash.json().data;
    expect((await dealOf(buyer.headers, id)).code).toBeNull();
    expect((await post(buyer.headers, `/deals/${id}/confirm`, { code })).json().data.status).toBe("released");
    expect((await post(buyer.headers, "/user-reviews", { deal_id: id, stars: 4 })).statusCode).toBe(201);
    expect(await ledgerOf(id)).toEqual({ balances: {}, unbalancedMovements: 0 });
  });
});
