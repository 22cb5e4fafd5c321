import { randomUUID } from "node:crypto";
import { ORANGE_TEST_NUMBERS } from "@waterside/shared/payments-messages";
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
