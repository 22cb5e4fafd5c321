import { randomUUID } from "node:crypto";
import { ORANGE_PAYOUT_TEST_NUMBERS, ORANGE_TEST_NUMBERS } from "@waterside/shared/payments-messages";
import { afterAll, describe, expect, it } from "vitest";
import {
  cleanCustomerMessage,
  createPawapayClient,
  formatDepositAmount,
  PawapayError,
  type PawapayConfig,
} from "./pawapay.ts";
import { startPawapaySandbox } from "./pawapay-sandbox.ts";

// pawaPay's deposits API v2 as lib/pawapay.ts speaks it, against the local sandbox over HTTP (decision 085).
const sandbox = await startPawapaySandbox({ resolveAfterMs: 50, currencies: ["USD", "LRD"] });
afterAll(() => sandbox.close());
const client = (overrides: Partial<PawapayConfig> = {}, timeoutMs?: number) =>
  createPawapayClient({ ...sandbox.clientConfig, ...overrides }, { timeoutMs });
const deposit = (depositId = randomUUID(), phone: string = ORANGE_TEST_NUMBERS.succeeds) => ({
  depositId,
  amount: 25,
  currency: "USD",
  phone,
  customerMessage: "Waterside Premium Package",
});
/** What a call threw, for its code and retryability. */
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error("the call did not fail");
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(PawapayError);
      const { code, retryable } = error as PawapayError;
      return { code, retryable };
    },
  );

describe("pawaPay deposits", () => {
  it("initiates a deposit, answers DUPLICATE_IGNORED for the same id, and reports it COMPLETED", async () => {
    const input = deposit();
    expect(await client().initiateDeposit(input)).toEqual({ duplicate: false });
    expect(await client().initiateDeposit(input)).toEqual({ duplicate: true });
    const sent = sandbox.requests.filter((call) => call.path === "/v2/deposits").map((call) => JSON.parse(call.body));
    expect(sent.at(-1)).toEqual({
      depositId: input.depositId,
      amount: "25",
      currency: "USD",
      payer: { type: "MMO", accountDetails: { phoneNumber: ORANGE_TEST_NUMBERS.succeeds, provider: "ORANGE_LBR" } },
      customerMessage: "Waterside Premium Pack",
    });
    await expect.poll(() => sandbox.statusOf(input.depositId)).toBe("COMPLETED");
    const found = await client().checkDeposit(input.depositId);
    expect(found).toMatchObject({ status: "COMPLETED", amount: "25", currency: "USD" });
    expect(found).toHaveProperty("providerTransactionId");
    expect(await client().checkDeposit(randomUUID())).toEqual({ status: "NOT_FOUND" });
  });

  it("tells a failure's code, a final refusal from one worth retrying, and a timeout", async () => {
    const failing = deposit(randomUUID(), ORANGE_TEST_NUMBERS.payerNotFound);
    await client().initiateDeposit(failing);
    await expect.poll(() => sandbox.statusOf(failing.depositId)).toBe("FAILED");
    expect(await client().checkDeposit(failing.depositId)).toMatchObject({
      status: "FAILED",
      failureCode: "PAYER_NOT_FOUND",
    });
    // Refused at initiation (200 REJECTED): final, with pawaPay's code.
    expect(await failure(client().initiateDeposit(deposit(randomUUID(), ORANGE_TEST_NUMBERS.rejected)))).toEqual({
      code: "AMOUNT_OUT_OF_BOUNDS",
      retryable: false,
    });
    expect(await failure(client().initiateDeposit({ ...deposit(), currency: "EUR" }))).toEqual({
      code: "INVALID_CURRENCY",
      retryable: false,
    });
    expect(await failure(client({ provider: "MTN_MOMO_LBR" }).initiateDeposit(deposit()))).toEqual({
      code: "INVALID_PROVIDER",
      retryable: false,
    });
    // A wrong token: technical, final.
    expect(await failure(client({ apiToken: "wrong" }).checkDeposit(randomUUID()))).toEqual({
      code: "AUTHENTICATION_ERROR",
      retryable: false,
    });
    // pawaPay unavailable, or slow: worth asking again later with the same id.
    sandbox.failNext({ on: "status", kind: "status", status: 503 });
    expect(await failure(client().checkDeposit(randomUUID()))).toEqual({ code: "UNKNOWN_ERROR", retryable: true });
    sandbox.failNext({ on: "deposit", kind: "delay", ms: 500 });
    expect(await failure(client({}, 100).initiateDeposit(deposit()))).toEqual({ code: "TIMEOUT", retryable: true });
    // Refused before anything is sent.
    expect(await failure(client().initiateDeposit({ ...deposit(), depositId: "42" }))).toEqual({
      code: "INVALID_REQUEST",
      retryable: false,
    });
  });

  it("writes amounts and customer messages as pawaPay takes them", () => {
    expect(formatDepositAmount(25)).toBe("25");
    expect(formatDepositAmount(950.1)).toBe("950.10");
    expect(formatDepositAmount("4762.5")).toBe("4762.50");
    expect(() => formatDepositAmount(0)).toThrow(PawapayError);
    expect(() => formatDepositAmount(1.005)).toThrow(PawapayError);
    expect(cleanCustomerMessage("Waterside Boost: Kollie's “Premium” Package")).toBe("Waterside Boost Kollie");
    expect(cleanCustomerMessage("é!")).toBe("Waterside");
  });
});

describe("pawaPay payouts (decision 100)", () => {
  /** A payout to a fresh recipient (Liberian Orange digits), so counts per recipient are this test's own. */
  const payout = (phone = `23177${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`) => ({
    payoutId: randomUUID(),
    amount: "40.5",
    currency: "USD",
    phone,
    customerMessage: "Waterside deal 12",
  });

  it("initiates a payout, takes the same payoutId as the same payout, and reports it COMPLETED", async () => {
    const input = payout();
    expect(await client().initiatePayout(input)).toEqual({ duplicate: false });
    expect(await client().initiatePayout(input)).toEqual({ duplicate: true });
    const sent = sandbox.requests.filter((call) => call.path === "/v2/payouts").map((call) => JSON.parse(call.body));
    expect(sent.at(-1)).toEqual({
      payoutId: input.payoutId,
      amount: "40.50",
      currency: "USD",
      recipient: { type: "MMO", accountDetails: { phoneNumber: input.phone, provider: "ORANGE_LBR" } },
      customerMessage: "Waterside deal 12",
    });
    // Two calls, one payout: the money left once.
    expect(sandbox.payoutCalls(input.payoutId)).toBe(2);
    expect(sandbox.payoutsTo(input.phone)).toBe(1);
    await expect.poll(() => sandbox.payoutStatusOf(input.payoutId)).toBe("COMPLETED");
    const found = await client().checkPayout(input.payoutId);
    expect(found).toMatchObject({ status: "COMPLETED", amount: "40.50", currency: "USD" });
    expect(found).toHaveProperty("providerTransactionId");
    expect(await client().checkPayout(randomUUID())).toEqual({ status: "NOT_FOUND" });
    // A deposit's id is not a payout's.
    expect(await client().checkDeposit(input.payoutId)).toEqual({ status: "NOT_FOUND" });
  });

  it("fails, refuses and loses answers as the test numbers say", async () => {
    const notFound = payout(ORANGE_PAYOUT_TEST_NUMBERS.recipientNotFound);
    const other = payout(ORANGE_PAYOUT_TEST_NUMBERS.otherError);
    const stuck = payout(ORANGE_PAYOUT_TEST_NUMBERS.noAnswer);
    for (const input of [notFound, other, stuck]) await client().initiatePayout(input);
    await expect.poll(() => sandbox.payoutStatusOf(notFound.payoutId)).toBe("FAILED");
    expect(await client().checkPayout(notFound.payoutId)).toMatchObject({
      status: "FAILED",
      failureCode: "RECIPIENT_NOT_FOUND",
    });
    await expect.poll(() => sandbox.payoutStatusOf(other.payoutId)).toBe("FAILED");
    expect(await client().checkPayout(other.payoutId)).toMatchObject({ failureCode: "OTHER_ERROR" });
    expect(await client().checkPayout(stuck.payoutId)).toMatchObject({ status: "PROCESSING" });
    // Our wallet is short: refused at initiation, final, nothing sent.
    const short = payout(ORANGE_PAYOUT_TEST_NUMBERS.walletOutOfFunds);
    expect(await failure(client().initiatePayout(short))).toEqual({
      code: "PAWAPAY_WALLET_OUT_OF_FUNDS",
      retryable: false,
    });
    expect(sandbox.payoutsTo(short.phone)).toBe(0);
    // Taken, then the connection cut: retryable; the same id again is the same payout.
    const lost = payout(ORANGE_PAYOUT_TEST_NUMBERS.answerLost);
    expect(await failure(client().initiatePayout(lost))).toEqual({ code: "NETWORK_ERROR", retryable: true });
    expect(sandbox.payoutsTo(lost.phone)).toBe(1);
    expect(await client().initiatePayout(lost)).toEqual({ duplicate: true });
    expect(sandbox.payoutsTo(lost.phone)).toBe(1);
  });
});
