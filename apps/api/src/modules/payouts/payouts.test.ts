import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { MOMO_PAYOUT_TEST_NUMBERS } from "@waterside/shared/momo-reasons";
import { ORANGE_PAYOUT_TEST_NUMBERS, type TPaymentProvider } from "@waterside/shared/payments-messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/database.ts";
import { createDomainEvents, type DomainEventMap } from "../../lib/domain-events.ts";
import { createJobs } from "../../lib/jobs.ts";
import { startMomoSandbox } from "../../lib/momo-sandbox.ts";
import { startPawapaySandbox } from "../../lib/pawapay-sandbox.ts";
import { jobStates } from "../../test/job-states.ts";
import { createTestDatabase } from "../../test/test-app.ts";
import { mtnMomoPayoutClient } from "../payments/providers/mtn-momo.ts";
import { orangeMoneyPayoutClient } from "../payments/providers/orange-money.ts";
import { createPayouts } from "./payouts.ts";

// Decision 100: payouts exactly once, through both providers' local sandboxes over HTTP. Every count of transfers is
// read from the sandbox: the money that left per payee (`transfersTo`) and the calls that carried a payout's id.
const momo = await startMomoSandbox({ currency: "USD", resolveAfterMs: 200 });
const pawapay = await startPawapaySandbox({ resolveAfterMs: 200, callbackBehaviour: "never" });
afterAll(async () => {
  await momo.close();
  await pawapay.close();
});

const quiet = { warn: () => {}, error: () => {} };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The payouts module on a fresh database with its own job queue; `runWorkers: false` leaves the jobs to another process. */
async function startPayouts({ runWorkers = true, orange = true } = {}) {
  const testDatabase = await createTestDatabase();
  const database = await openDatabase(testDatabase.url, { max: 8 });
  const jobs = createJobs({ url: testDatabase.url, pollingIntervalSeconds: 0.5, max: 2, runWorkers });
  const events = createDomainEvents(quiet);
  const settled: Array<DomainEventMap["payout.settled"]> = [];
  events.onCommitted("payout.settled", async (payload) => void settled.push(payload));
  const payouts = createPayouts({
    db: database.db,
    events,
    jobs,
    providers: {
      mtn_momo: mtnMomoPayoutClient(momo.disbursementConfig),
      orange_money: orange ? orangeMoneyPayoutClient(pawapay.clientConfig) : null,
    },
    log: quiet,
  });
  await jobs.start(quiet);
  return {
    ...database,
    url: testDatabase.url,
    payouts,
    /** The payout.settled events published, as reactions after the commit hear them. */
    settledOf: (payoutId: string) => settled.filter((event) => event.payoutId === payoutId),
    async close() {
      await jobs.stop();
      await database.close();
      await testDatabase.drop();
    },
  };
}
type Harness = Awaited<ReturnType<typeof startPayouts>>;

let sequence = 0;
/** Each test pays its own payee, so what the sandbox counts for that number is the test's own. */
const freshPhone = (provider: TPaymentProvider) =>
  `${provider === "mtn_momo" ? "2318870" : "2317790"}${String(++sequence).padStart(5, "0")}`;

/** What each provider's sandbox says and counts, and its test numbers. */
const wallets = {
  mtn_momo: {
    failing: [
      [MOMO_PAYOUT_TEST_NUMBERS.payeeNotFound, "PAYEE_NOT_FOUND"],
      [MOMO_PAYOUT_TEST_NUMBERS.notEnoughFunds, "NOT_ENOUGH_FUNDS"],
    ],
    noAnswer: MOMO_PAYOUT_TEST_NUMBERS.staysPending,
    answerLost: MOMO_PAYOUT_TEST_NUMBERS.answerLost,
    final: /^(SUCCESSFUL|FAILED)$/,
    transfersTo: (phone: string) => momo.transfersTo(phone),
    callsWith: (payoutId: string) => momo.transferCalls(payoutId),
    statusAt: (payoutId: string) => momo.transferStatusOf(payoutId),
    /** The provider's next send fails with a 5xx before it takes anything. */
    failNextSend: () => momo.failNext({ on: "transfer", kind: "status", status: 503, code: "SERVICE_UNAVAILABLE" }),
    /** The next status call about the payout answers NOT_FOUND though the provider holds it. */
    notFoundNext: (payoutId: string) => momo.failNext({ on: "status", referenceId: payoutId, kind: "not-found" }),
  },
  orange_money: {
    failing: [
      [ORANGE_PAYOUT_TEST_NUMBERS.recipientNotFound, "RECIPIENT_NOT_FOUND"],
      [ORANGE_PAYOUT_TEST_NUMBERS.otherError, "OTHER_ERROR"],
    ],
    noAnswer: ORANGE_PAYOUT_TEST_NUMBERS.noAnswer,
    answerLost: ORANGE_PAYOUT_TEST_NUMBERS.answerLost,
    final: /^(COMPLETED|FAILED)$/,
    transfersTo: (phone: string) => pawapay.payoutsTo(phone),
    callsWith: (payoutId: string) => pawapay.payoutCalls(payoutId),
    statusAt: (payoutId: string) => pawapay.payoutStatusOf(payoutId),
    failNextSend: () => pawapay.failNext({ on: "payout", kind: "status", status: 503 }),
    notFoundNext: (payoutId: string) => pawapay.failNext({ on: "status", payoutId, kind: "not-found" }),
  },
} as const;

describe.each(["mtn_momo", "orange_money"] as const)("payouts through %s", (provider) => {
  const wallet = wallets[provider];
  let ctx: Harness;
  beforeAll(async () => {
    ctx = await startPayouts();
  });
  afterAll(() => ctx.close());

  const input = (phone: string, subject = `deal:${randomUUID()}:payout`) => ({
    subject,
    provider,
    amount: 40.5,
    currency: "USD",
    phone,
    note: "Deal 12 payout",
  });
  const request = (payout: ReturnType<typeof input>) => ctx.db.transaction((tx) => ctx.payouts.request(tx, payout));
  const statusOf = async (payoutId: string) => (await ctx.payouts.find(payoutId))?.status;

  /**
   * Runs the reconciler until the payout is final here. Its next check is made due first, and the interval between
   * checks cleared: the test stands in for the minutes the reconciler would wait.
   */
  async function reconcileUntilFinal(payoutId: string) {
    for (let attempt = 0; attempt < 100; attempt++) {
      await ctx.sql`update payouts set next_check_at = now(), provider_checked_at = null where id = ${payoutId}`;
      await ctx.payouts.reconcile();
      const payout = (await ctx.payouts.find(payoutId))!;
      if (payout.status === "successful" || payout.status === "failed") return payout;
      await sleep(100);
    }
    throw new Error(`payout ${payoutId} stayed open`);
  }
  /** The payout's send job has run to its end (completed), so whatever it did is done. */
  const sendDone = (payoutId: string) =>
    expect.poll(() => jobStates(ctx.sql, "payouts.send", { payoutId }), { timeout: 10_000 }).toEqual(["completed"]);
  /** The one check the send queued, once the interval is over, has run. */
  const followUpDone = (payoutId: string) =>
    expect.poll(() => jobStates(ctx.sql, "payouts.check", { payoutId }), { timeout: 15_000 }).toEqual(["completed"]);

  it("tells the payee within seconds: the transfer is asked about once the interval is over, not at the reconciler's turn", async () => {
    const phone = freshPhone(provider);
    const payout = input(phone);
    const id = await request(payout);
    await sendDone(id);
    // The reconciler would not ask before the first check is due, 30 s after the request: the send's own check does.
    await expect.poll(() => statusOf(id), { timeout: 15_000 }).toBe("successful");
    expect((await ctx.payouts.find(id))!.checks).toBe(0);
    expect(ctx.settledOf(id)).toEqual([{ payoutId: id, subject: payout.subject, status: "successful", reason: null }]);
    await followUpDone(id);
    expect(wallet.transfersTo(phone)).toBe(1);
  });

  it("writes the payout, sends it from its job, and the reconciler settles it successful, announced once", async () => {
    const phone = freshPhone(provider);
    const payout = input(phone);
    const id = await request(payout);
    const written = (await ctx.payouts.findBySubject(payout.subject))!;
    expect(written).toMatchObject({ id, subject: payout.subject, provider, amount: 40.5, currency: "USD" });
    expect(written.phone_number).toBe(phone);
    await sendDone(id);
    expect(await statusOf(id)).toBe("pending");
    await expect.poll(() => wallet.statusAt(id), { timeout: 10_000 }).toMatch(wallet.final);
    const paid = await reconcileUntilFinal(id);
    expect(paid).toMatchObject({ status: "successful", reason: null });
    expect(paid.financial_transaction_id).toMatch(/^\d+$/);
    expect(paid.completed_at).not.toBeNull();
    expect(wallet.transfersTo(phone)).toBe(1);
    expect(wallet.callsWith(id)).toBe(1);
    expect(ctx.settledOf(id)).toEqual([{ payoutId: id, subject: payout.subject, status: "successful", reason: null }]);
    // The same subject again is the same payout: nothing more is sent, nothing announced again.
    expect(await request(payout)).toBe(id);
    await ctx.payouts.reconcile();
    expect(await jobStates(ctx.sql, "payouts.send", { payoutId: id })).toEqual(["completed"]);
    expect(wallet.callsWith(id)).toBe(1);
    expect(ctx.settledOf(id)).toHaveLength(1);
  });

  it("fails a payout the provider refuses, with its reason, announced once, and it stays failed", async () => {
    for (const [phone, reason] of wallet.failing) {
      const before = wallet.transfersTo(phone);
      const payout = input(phone);
      const id = await request(payout);
      await sendDone(id);
      await expect.poll(() => wallet.statusAt(id), { timeout: 10_000 }).toBe("FAILED");
      expect(await reconcileUntilFinal(id)).toMatchObject({ status: "failed", reason });
      expect(ctx.settledOf(id)).toEqual([{ payoutId: id, subject: payout.subject, status: "failed", reason }]);
      // Failed for good: asked no more, not sent again, the subject still names it.
      await ctx.sql`update payouts set next_check_at = now(), provider_checked_at = null where id = ${id}`;
      expect(await ctx.payouts.reconcile()).toBe(0);
      expect(await request(payout)).toBe(id);
      expect(await statusOf(id)).toBe("failed");
      expect(wallet.transfersTo(phone) - before).toBe(1);
      expect(wallet.callsWith(id)).toBe(1);
      expect(ctx.settledOf(id)).toHaveLength(1);
    }
  });

  it("keeps a payout without an answer open, asking with backoff, and never fails it on a timer", async () => {
    const id = await request(input(wallet.noAnswer));
    await sendDone(id);
    await followUpDone(id);
    for (let round = 0; round < 3; round++) {
      await ctx.sql`update payouts set next_check_at = now(), provider_checked_at = null where id = ${id}`;
      expect(await ctx.payouts.reconcile()).toBeGreaterThanOrEqual(1);
    }
    // A day and more later it is still open: a transfer may yet be made, so only its provider can close it.
    await ctx.sql`update payouts set created_at = now() - interval '3 days' where id = ${id}`;
    await ctx.sql`update payouts set next_check_at = now(), provider_checked_at = null where id = ${id}`;
    await ctx.payouts.reconcile();
    const open = (await ctx.payouts.find(id))!;
    expect(open.status).toBe("pending");
    expect(open.checks).toBe(5);
    expect(new Date(open.next_check_at).getTime()).toBeGreaterThan(Date.now() + 60_000);
    expect(ctx.settledOf(id)).toEqual([]);
    expect(wallet.callsWith(id)).toBe(1);
  });

  it("makes one payout row and one transfer of 50 concurrent requests for one subject", async () => {
    const phone = freshPhone(provider);
    const payout = input(phone);
    const ids = await Promise.all(Array.from({ length: 50 }, () => request(payout)));
    expect(new Set(ids).size).toBe(1);
    const id = ids[0]!;
    const [rows] = await ctx.sql<
      { n: number }[]
    >`select count(*)::int as n from payouts where subject = ${payout.subject}`;
    expect(rows!.n).toBe(1);
    await sendDone(id);
    await expect.poll(() => wallet.statusAt(id), { timeout: 10_000 }).toMatch(wallet.final);
    expect(await reconcileUntilFinal(id)).toMatchObject({ status: "successful" });
    expect(wallet.transfersTo(phone)).toBe(1);
    expect(wallet.callsWith(id)).toBe(1);
    expect(ctx.settledOf(id)).toHaveLength(1);
  });

  it("settles a transfer whose answer was lost (the connection cut after the provider took it): still one", async () => {
    const before = wallet.transfersTo(wallet.answerLost);
    const id = await request(input(wallet.answerLost));
    await sendDone(id);
    // The send heard nothing: the payout waits for the reconciler, which asks rather than sends.
    expect(await statusOf(id)).toBe("requesting");
    expect(wallet.transfersTo(wallet.answerLost) - before).toBe(1);
    await expect.poll(() => wallet.statusAt(id), { timeout: 10_000 }).toMatch(wallet.final);
    expect(await reconcileUntilFinal(id)).toMatchObject({ status: "successful" });
    expect(wallet.transfersTo(wallet.answerLost) - before).toBe(1);
    expect(wallet.callsWith(id)).toBe(1);
    expect(ctx.settledOf(id)).toHaveLength(1);
  });

  it("sends again, with the same id, a payout the provider never got (NOT_FOUND)", async () => {
    const phone = freshPhone(provider);
    wallet.failNextSend();
    const id = await request(input(phone));
    await sendDone(id);
    expect(await statusOf(id)).toBe("requesting");
    expect(wallet.statusAt(id)).toBeUndefined();
    expect(wallet.transfersTo(phone)).toBe(0);
    expect(await reconcileUntilFinal(id)).toMatchObject({ status: "successful" });
    expect(wallet.callsWith(id)).toBe(2);
    expect(wallet.transfersTo(phone)).toBe(1);
    expect(ctx.settledOf(id)).toHaveLength(1);
  });

  it("sends again with the same id when the provider says NOT_FOUND of a payout it holds: still one transfer", async () => {
    const phone = freshPhone(provider);
    const id = await request(input(phone));
    await sendDone(id);
    wallet.notFoundNext(id);
    await expect.poll(() => wallet.statusAt(id), { timeout: 10_000 }).toMatch(wallet.final);
    expect(await reconcileUntilFinal(id)).toMatchObject({ status: "successful" });
    // The resend named the same payout, which the provider took once; a new id would have paid twice.
    expect(wallet.callsWith(id)).toBe(2);
    expect(wallet.transfersTo(phone)).toBe(1);
    expect(ctx.settledOf(id)).toHaveLength(1);
  });

  it("announces a payout once however many checks answer at once", async () => {
    const phone = freshPhone(provider);
    const id = await request(input(phone));
    await sendDone(id);
    await expect.poll(() => wallet.statusAt(id), { timeout: 10_000 }).toMatch(wallet.final);
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        await ctx.sql`update payouts set next_check_at = now(), provider_checked_at = null where id = ${id}`;
        await ctx.payouts.reconcile();
      }),
    );
    expect(await statusOf(id)).toBe("successful");
    expect(ctx.settledOf(id)).toHaveLength(1);
    expect(wallet.transfersTo(phone)).toBe(1);
  });

  it("refuses a subject already taken with other details, and a currency the account does not pay in", async () => {
    const payout = input(freshPhone(provider));
    const id = await request(payout);
    await expect(request({ ...payout, amount: 41 })).rejects.toThrow(`the payout of ${payout.subject} (${id})`);
    await expect(request({ ...payout, phone: freshPhone(provider) })).rejects.toThrow(/requested with other details/);
    await expect(request({ ...input(freshPhone(provider)), currency: "EUR" })).rejects.toThrow(/not EUR/);
    // The caller's transaction rolled back: nothing was written for it.
    const [rows] = await ctx.sql<{ n: number }[]>`select count(*)::int as n from payouts where currency = 'EUR'`;
    expect(rows!.n).toBe(0);
  });
});

describe("a process that dies after sending a payout", () => {
  let ctx: Harness;
  beforeAll(async () => {
    // No workers here: the send is left to another server process, which the test kills.
    ctx = await startPayouts({ runWorkers: false, orange: false });
  });
  afterAll(() => ctx.close());
  const root = path.resolve(import.meta.dirname, "../../../../..");

  it("is resolved by the reconciler here, with the transfer made once", async () => {
    const phone = freshPhone("mtn_momo");
    const subject = `deal:${randomUUID()}:payout`;
    const id = await ctx.db.transaction((tx) =>
      ctx.payouts.request(tx, { subject, provider: "mtn_momo", amount: 12, currency: "USD", phone, note: "Deal" }),
    );
    // MTN takes the transfer only after 2 s: the other process has sent it and is waiting for the 202 when it dies.
    momo.failNext({ on: "transfer", kind: "delay", ms: 2000 });
    const disbursement = momo.disbursementConfig;
    const child = spawn(
      process.execPath,
      ["--import", "tsx", path.join(import.meta.dirname, "../../test/job-process.ts")],
      {
        cwd: root,
        env: {
          PATH: process.env.PATH,
          DATABASE_URL: ctx.url,
          MOMO_BASE_URL: momo.url,
          MOMO_SUBSCRIPTION_KEY: momo.clientConfig.subscriptionKey,
          MOMO_API_USER: momo.clientConfig.apiUser,
          MOMO_API_KEY: momo.clientConfig.apiKey,
          MOMO_CURRENCY: "USD",
          MOMO_DISBURSEMENT_SUBSCRIPTION_KEY: disbursement.subscriptionKey,
          MOMO_DISBURSEMENT_API_USER: disbursement.apiUser,
          MOMO_DISBURSEMENT_API_KEY: disbursement.apiKey,
          // Enqueued beside the payout's send: a reconciler run that finds nothing due yet.
          JOB_NAME: "payouts.reconcile",
        },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.on("exit", (_code, signal) => resolve(signal)),
    );
    await Promise.race([
      expect.poll(() => momo.transferCalls(id), { timeout: 30_000 }).toBe(1),
      exited.then(() => Promise.reject(new Error(`the sending process ended early: ${output}`))),
    ]);
    child.kill("SIGKILL");
    expect(await exited).toBe("SIGKILL");
    // It died before hearing MTN: the payout is as it wrote it, and its send job as the crash left it.
    expect((await ctx.payouts.find(id))!.status).toBe("requesting");
    expect(await jobStates(ctx.sql, "payouts.send", { payoutId: id })).toEqual(["active"]);

    for (let attempt = 0; attempt < 100 && (await ctx.payouts.find(id))!.status !== "successful"; attempt++) {
      await ctx.sql`update payouts set next_check_at = now(), provider_checked_at = null where id = ${id}`;
      await ctx.payouts.reconcile();
      await sleep(100);
    }
    expect((await ctx.payouts.find(id))!.status).toBe("successful");
    // Whether the reconciler found MTN without it (NOT_FOUND, sent again with the same id) or with it, MTN made one
    // transfer; the dead process' delayed call, arriving after, was a duplicate of it.
    await expect.poll(() => momo.transferStatusOf(id)).toBe("SUCCESSFUL");
    await sleep(2100);
    expect(momo.transfersTo(phone)).toBe(1);
    expect(ctx.settledOf(id)).toHaveLength(1);
  }, 60_000);

  it("says which providers can pay out, and refuses one that is not configured", async () => {
    expect(ctx.payouts.canPayOut("mtn_momo")).toBe(true);
    expect(ctx.payouts.canPayOut("orange_money")).toBe(false);
    await expect(
      ctx.db.transaction((tx) =>
        ctx.payouts.request(tx, {
          subject: `deal:${randomUUID()}:refund`,
          provider: "orange_money",
          amount: 5,
          currency: "USD",
          phone: ORANGE_PAYOUT_TEST_NUMBERS.paid,
          note: "Refund",
        }),
      ),
    ).rejects.toMatchObject({ statusCode: 503, message: "Orange Money payouts are not available right now." });
    expect(await ctx.payouts.find("not-a-payout")).toBeUndefined();
    expect(await ctx.payouts.findBySubject("deal:0:payout")).toBeUndefined();
  });
});
