import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  MOMO_PAYOUT_TEST_NUMBERS,
  MOMO_REASON_DEFAULT_TEXT,
  MOMO_TEST_NUMBERS,
  momoReasonText,
} from "@waterside/shared/momo-reasons";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { loadConfig } from "../config.ts";
import {
  cleanMomoNote,
  createMomoClient,
  createMomoDisbursementClient,
  formatMomoAmount,
  MomoError,
  type RequestToPayInput,
  type TransferInput,
} from "./momo.ts";
import { momoSandboxCallbackCount, startMomoSandbox, type MomoSandbox } from "./momo-sandbox.ts";

/** A request to pay from the example number that succeeds, with a fresh reference id. */
function payment(overrides: Partial<RequestToPayInput> = {}): RequestToPayInput {
  return {
    referenceId: randomUUID(),
    amount: "25.00",
    externalId: "payment-1",
    phone: MOMO_TEST_NUMBERS.succeeds,
    payerMessage: "Waterside boost: Premium Package",
    payeeNote: "Ad 42, Premium Package",
    ...overrides,
  };
}

/** Polls until `check` returns something, or fails after `ms`. */
async function eventually<T>(check: () => T | undefined | Promise<T | undefined>, ms = 5000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * The callbacks the sandbox sent about a request, once its answer is out and each has its receiver's answer: no
 * further one will come.
 */
const answeredCallbacks = (sandbox: MomoSandbox, referenceId: string) =>
  eventually(() => {
    const sent = sandbox.callbacksOf(referenceId);
    return sent?.every((callback) => callback.status !== undefined || callback.error !== undefined) ? sent : undefined;
  });

function tokenCalls(sandbox: MomoSandbox) {
  return sandbox.requests.filter((request) => request.path === "/collection/token/").length;
}

/** A tiny HTTP server standing in for our callback endpoint: it records what MTN sends. */
async function startReceiver() {
  const received: { method: string; headers: IncomingHttpHeaders; body: Record<string, unknown> }[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({
        method: request.method ?? "",
        headers: request.headers,
        body: JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>,
      });
      response.writeHead(200);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/payments/momo/callback`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first reference id whose planned callback count (under "real") is `count`. */
function referenceWithCallbacks(count: 0 | 1 | 2) {
  for (;;) {
    const referenceId = randomUUID();
    if (momoSandboxCallbackCount(referenceId) === count) return referenceId;
  }
}

describe("MoMo Collections client against the local sandbox", () => {
  let sandbox: MomoSandbox;
  beforeAll(async () => {
    sandbox = await startMomoSandbox({ resolveAfterMs: 500 });
  });
  afterAll(() => sandbox.close());
  /** Waits until the payer has answered at the sandbox (0.5 s here), without a status call. */
  const answered = (referenceId: string) =>
    eventually(() => (sandbox.statusOf(referenceId) === "PENDING" ? undefined : true));

  describe("the bearer token", () => {
    it("is fetched once with Basic auth and the subscription key, then reused", async () => {
      const client = createMomoClient(sandbox.clientConfig);
      const before = tokenCalls(sandbox);
      await client.requestToPay(payment());
      await client.getRequestToPayStatus(randomUUID());
      await client.getRequestToPayStatus(randomUUID());

      expect(tokenCalls(sandbox) - before).toBe(1);
      const tokenCall = sandbox.requests.filter((request) => request.path === "/collection/token/").at(-1)!;
      const { apiUser, apiKey, subscriptionKey } = sandbox.clientConfig;
      expect(tokenCall.method).toBe("POST");
      expect(tokenCall.headers.authorization).toBe(`Basic ${Buffer.from(`${apiUser}:${apiKey}`).toString("base64")}`);
      expect(tokenCall.headers["ocp-apim-subscription-key"]).toBe(subscriptionKey);
      expect(tokenCall.body).toBe("");
    });

    it("is renewed shortly (60 s) before it expires", async () => {
      let clock = 1_000_000;
      const client = createMomoClient(sandbox.clientConfig, { now: () => clock });
      const before = tokenCalls(sandbox);
      await client.getRequestToPayStatus(randomUUID());
      clock += 3600_000 - 61_000; // the sandbox's tokens live 3600 s
      await client.getRequestToPayStatus(randomUUID());
      expect(tokenCalls(sandbox) - before).toBe(1);
      clock += 2_000;
      await client.getRequestToPayStatus(randomUUID());
      expect(tokenCalls(sandbox) - before).toBe(2);
    });

    it("is shared by concurrent calls: one token request for all of them", async () => {
      const client = createMomoClient(sandbox.clientConfig);
      const before = tokenCalls(sandbox);
      const answers = await Promise.all(Array.from({ length: 20 }, () => client.getRequestToPayStatus(randomUUID())));
      expect(answers.every((answer) => answer.status === "NOT_FOUND")).toBe(true);
      expect(tokenCalls(sandbox) - before).toBe(1);
    });

    it("is dropped on a 401, and the call made once more with a fresh one", async () => {
      const client = createMomoClient(sandbox.clientConfig);
      const reference = payment();
      await client.getRequestToPayStatus(randomUUID());
      const before = tokenCalls(sandbox);
      sandbox.revokeTokens();

      await expect(client.requestToPay(reference)).resolves.toEqual({
        referenceId: reference.referenceId,
        duplicate: false,
      });
      expect(tokenCalls(sandbox) - before).toBe(1);
      const attempts = sandbox.requests.filter(
        (request) => request.headers["x-reference-id"] === reference.referenceId,
      );
      expect(attempts.map((request) => request.status)).toEqual([401, 202]);
    });

    it("expires at the sandbox as at MTN: a token past its expiry gets 401, and the client recovers", async () => {
      const shortLived = await startMomoSandbox({ tokenExpiresInSeconds: 0.2 });
      try {
        // A client whose clock stands still believes its token is fresh forever.
        const client = createMomoClient(shortLived.clientConfig, { now: () => 0 });
        await client.getRequestToPayStatus(randomUUID());
        // The sandbox's clock moves past the token's expiry (0.2 s), and stays there.
        vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 300 });
        await expect(client.getRequestToPayStatus(randomUUID())).resolves.toEqual({ status: "NOT_FOUND" });
        expect(shortLived.requests.map((request) => [request.path.split("/")[2], request.status])).toEqual([
          ["token", 200],
          ["v1_0", 404],
          ["v1_0", 401],
          ["token", 200],
          ["v1_0", 404],
        ]);
      } finally {
        vi.useRealTimers();
        await shortLived.close();
      }
    });

    it("fails with MomoError 401 for a wrong subscription key or API key, and does not loop", async () => {
      const wrongKey = createMomoClient({ ...sandbox.clientConfig, subscriptionKey: "not-the-key" });
      const error = await wrongKey.getRequestToPayStatus(randomUUID()).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(MomoError);
      expect(error).toMatchObject({ status: 401, operation: "token", retryable: false });
      expect((error as MomoError).message).toContain("invalid subscription key");

      const wrongSecret = createMomoClient({ ...sandbox.clientConfig, apiKey: "wrong" });
      await expect(wrongSecret.requestToPay(payment())).rejects.toMatchObject({
        status: 401,
        code: "login_failed",
        retryable: false,
      });
    });
  });

  describe("request to pay", () => {
    it("sends MTN's headers and body and is accepted with 202", async () => {
      const client = createMomoClient({ ...sandbox.clientConfig, callbackUrl: "http://127.0.0.1:9/callback" });
      const input = payment({ amount: 25, externalId: "pay-77", phone: "+231881234567" });
      await expect(client.requestToPay(input)).resolves.toEqual({ referenceId: input.referenceId, duplicate: false });

      const sent = sandbox.requests.find((request) => request.headers["x-reference-id"] === input.referenceId)!;
      expect(sent.status).toBe(202);
      expect(sent.path).toBe("/collection/v1_0/requesttopay");
      expect(sent.headers).toMatchObject({
        "x-target-environment": "sandbox",
        "x-callback-url": "http://127.0.0.1:9/callback",
        "ocp-apim-subscription-key": sandbox.clientConfig.subscriptionKey,
        "content-type": "application/json",
      });
      expect(sent.headers.authorization).toMatch(/^Bearer \S+$/);
      expect(JSON.parse(sent.body)).toEqual({
        amount: "25",
        currency: "EUR",
        externalId: "pay-77",
        payer: { partyIdType: "MSISDN", partyId: "231881234567" },
        payerMessage: "Waterside boost: Premium Package",
        payeeNote: "Ad 42, Premium Package",
      });
    });

    it("sends no X-Callback-Url when none is configured", async () => {
      const input = payment();
      await createMomoClient(sandbox.clientConfig).requestToPay(input);
      const sent = sandbox.requests.find((request) => request.headers["x-reference-id"] === input.referenceId)!;
      expect(sent.headers).not.toHaveProperty("x-callback-url");
    });

    it("answers a repeated reference id (409) as a duplicate the caller may carry on with", async () => {
      const client = createMomoClient(sandbox.clientConfig);
      const input = payment();
      await expect(client.requestToPay(input)).resolves.toMatchObject({ duplicate: false });
      await expect(client.requestToPay(input)).resolves.toEqual({ referenceId: input.referenceId, duplicate: true });
      const statuses = sandbox.requests
        .filter((request) => request.headers["x-reference-id"] === input.referenceId)
        .map((request) => request.status);
      expect(statuses).toEqual([202, 409]);
    });

    it("survives a lost 202: the retry with the same reference id is a duplicate, and the payment goes on", async () => {
      const client = createMomoClient(sandbox.clientConfig);
      const input = payment();
      sandbox.failNext({ kind: "drop-after-accept" });
      const lost = await client.requestToPay(input).catch((caught: unknown) => caught);
      expect(lost).toMatchObject({ name: "MomoError", code: "NETWORK_ERROR", retryable: true });

      await expect(client.requestToPay(input)).resolves.toMatchObject({ duplicate: true });
      await answered(input.referenceId);
      await expect(client.getRequestToPayStatus(input.referenceId)).resolves.toMatchObject({ status: "SUCCESSFUL" });
    });

    it("tells retryable failures (5xx, timeouts) from final ones (4xx, MTN's configuration codes)", async () => {
      const client = createMomoClient(sandbox.clientConfig, { timeoutMs: 200 });
      sandbox.failNext({ kind: "status", status: 503, code: "SERVICE_UNAVAILABLE", message: "Service unavailable" });
      await expect(client.requestToPay(payment())).rejects.toMatchObject({
        status: 503,
        code: "SERVICE_UNAVAILABLE",
        retryable: true,
        operation: "requesttopay",
      });

      sandbox.failNext({ kind: "delay", ms: 500 });
      await expect(client.getRequestToPayStatus(randomUUID())).rejects.toMatchObject({
        code: "TIMEOUT",
        retryable: true,
        status: undefined,
      });

      const wrongCurrency = createMomoClient({ ...sandbox.clientConfig, currency: "USD" });
      await expect(wrongCurrency.requestToPay(payment())).rejects.toMatchObject({
        status: 500,
        code: "INVALID_CURRENCY",
        retryable: false,
      });
      const wrongEnvironment = createMomoClient({ ...sandbox.clientConfig, targetEnvironment: "mtnliberia" });
      await expect(wrongEnvironment.requestToPay(payment())).rejects.toMatchObject({
        status: 500,
        code: "NOT_ALLOWED_TARGET_ENVIRONMENT",
        retryable: false,
      });

      const unreachable = createMomoClient({ ...sandbox.clientConfig, baseUrl: "http://127.0.0.1:9" });
      await expect(unreachable.requestToPay(payment())).rejects.toMatchObject({
        code: "NETWORK_ERROR",
        retryable: true,
      });
    });

    it("refuses what MTN would refuse before sending it", async () => {
      const client = createMomoClient(sandbox.clientConfig);
      const before = sandbox.requests.length;
      for (const input of [
        payment({ referenceId: "not-a-uuid" }),
        payment({ referenceId: "6ba7b810-9dad-11d1-80b4-00c04fd430c8" }), // a UUID, version 1
        payment({ amount: 0 }),
        payment({ amount: "12.345" }),
        payment({ phone: "0881234567x" }),
      ]) {
        await expect(client.requestToPay(input)).rejects.toMatchObject({ code: "INVALID_REQUEST", retryable: false });
      }
      await expect(client.getRequestToPayStatus("42")).rejects.toMatchObject({ code: "INVALID_REQUEST" });
      expect(sandbox.requests.length).toBe(before);
    });

    it("cleans the notes so MTN takes them: at most 160 characters, no apostrophes or &", async () => {
      const client = createMomoClient(sandbox.clientConfig);
      const input = payment({
        payerMessage: `Boost for Kofi's "Toyota Corolla" & more: ${"very ".repeat(50)}long <b>title</b>`,
        payeeNote: "   ",
      });
      await expect(client.requestToPay(input)).resolves.toMatchObject({ duplicate: false });
      const sent = sandbox.requests.find((request) => request.headers["x-reference-id"] === input.referenceId)!;
      const body = JSON.parse(sent.body) as { payerMessage: string; payeeNote: string };
      expect(body.payerMessage.length).toBeLessThanOrEqual(160);
      expect(body.payerMessage).toMatch(/^Boost for Kofis Toyota Corolla more: very very/);
      expect(body.payerMessage).not.toMatch(/['"&<>]/);
      expect(body.payeeNote).toBe("Waterside payment");
    });

    it("is refused by the sandbox, as by MTN, with a bad reference id, apostrophes or a bad payer", async () => {
      const client = createMomoClient(sandbox.clientConfig);
      await client.getRequestToPayStatus(randomUUID()); // a token, taken from the sandbox's log below
      const bearer = sandbox.requests.at(-1)!.headers.authorization!;
      const send = (headers: Record<string, string>, body: unknown) =>
        fetch(`${sandbox.url}/collection/v1_0/requesttopay`, {
          method: "POST",
          headers: {
            Authorization: bearer,
            "Ocp-Apim-Subscription-Key": sandbox.clientConfig.subscriptionKey,
            "X-Target-Environment": "sandbox",
            "X-Reference-Id": randomUUID(),
            "Content-Type": "application/json",
            ...headers,
          },
          body: JSON.stringify(body),
        }).then((response) => response.status);
      const good = {
        amount: "10",
        currency: "EUR",
        externalId: "x",
        payer: { partyIdType: "MSISDN", partyId: MOMO_TEST_NUMBERS.succeeds },
        payerMessage: "ok",
        payeeNote: "ok",
      };
      expect(await send({}, good)).toBe(202);
      expect(await send({ "X-Reference-Id": "6ba7b810-9dad-11d1-80b4-00c04fd430c8" }, good)).toBe(400);
      expect(await send({ "X-Target-Environment": "" }, good)).toBe(400);
      expect(await send({}, { ...good, payerMessage: "Kofi's ad" })).toBe(400);
      expect(await send({}, { ...good, payeeNote: "x".repeat(161) })).toBe(400);
      expect(await send({}, { ...good, amount: "-5" })).toBe(400);
      expect(await send({}, { ...good, amount: 10 })).toBe(400);
      expect(await send({}, { ...good, payer: { partyIdType: "EMAIL", partyId: "a@b.c" } })).toBe(400);
      expect(await send({}, { ...good, payer: { partyIdType: "MSISDN", partyId: "+231 88 123" } })).toBe(400);
      expect(await send({ Authorization: "Bearer forged" }, good)).toBe(401);
    });
  });

  describe("request to pay status", () => {
    it("is PENDING, then SUCCESSFUL with MTN's transaction id", async () => {
      const client = createMomoClient(sandbox.clientConfig);
      const input = payment({ externalId: "pay-9", amount: "7.5" });
      await client.requestToPay(input);

      await expect(client.getRequestToPayStatus(input.referenceId)).resolves.toEqual({
        status: "PENDING",
        amount: "7.50",
        currency: "EUR",
        externalId: "pay-9",
        payer: { partyIdType: "MSISDN", partyId: MOMO_TEST_NUMBERS.succeeds },
      });
      await answered(input.referenceId);
      const done = await client.getRequestToPayStatus(input.referenceId);
      expect(done).toMatchObject({ status: "SUCCESSFUL", amount: "7.50", currency: "EUR", externalId: "pay-9" });
      expect(done).toHaveProperty("financialTransactionId", expect.stringMatching(/^\d+$/));
      expect(done).not.toHaveProperty("reason");
    });

    it("is FAILED with MTN's reason for each failing test number", async () => {
      const client = createMomoClient(sandbox.clientConfig);
      const cases = [
        [MOMO_TEST_NUMBERS.notEnoughFunds, "NOT_ENOUGH_FUNDS"],
        [MOMO_TEST_NUMBERS.approvalRejected, "APPROVAL_REJECTED"],
        [MOMO_TEST_NUMBERS.payerNotFound, "PAYER_NOT_FOUND"],
        [MOMO_TEST_NUMBERS.expired, "EXPIRED"],
        [MOMO_TEST_NUMBERS.payerLimitReached, "PAYER_LIMIT_REACHED"],
        [MOMO_TEST_NUMBERS.notApprovedInTime, "COULD_NOT_PERFORM_TRANSACTION"],
      ] as const;
      const inputs = cases.map(([phone]) => payment({ phone }));
      await Promise.all(inputs.map((input) => client.requestToPay(input)));
      for (const input of inputs) await answered(input.referenceId);
      for (const [index, [, reason]] of cases.entries()) {
        const status = await client.getRequestToPayStatus(inputs[index]!.referenceId);
        expect(status).toMatchObject({ status: "FAILED", reason });
        expect(status).not.toHaveProperty("financialTransactionId");
      }
    });

    it("reads an older API's reason object { code, message } as the code", async () => {
      const legacy = await startMomoSandbox({ resolveAfterMs: 0, reasonFormat: "object" });
      try {
        const client = createMomoClient(legacy.clientConfig);
        const input = payment({ phone: MOMO_TEST_NUMBERS.approvalRejected });
        await client.requestToPay(input);
        await expect(client.getRequestToPayStatus(input.referenceId)).resolves.toMatchObject({
          status: "FAILED",
          reason: "APPROVAL_REJECTED",
        });
      } finally {
        await legacy.close();
      }
    });

    it("stays PENDING for the number that never resolves", async () => {
      const client = createMomoClient(sandbox.clientConfig);
      const input = payment({ phone: MOMO_TEST_NUMBERS.staysPending });
      await client.requestToPay(input);
      // A minute later at the sandbox: long past the 0.5 s in which the other numbers resolve.
      vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 60_000 });
      try {
        await expect(client.getRequestToPayStatus(input.referenceId)).resolves.toMatchObject({ status: "PENDING" });
      } finally {
        vi.useRealTimers();
      }
    });

    it("is NOT_FOUND, not an error, for a reference MTN never accepted", async () => {
      const client = createMomoClient(sandbox.clientConfig);
      await expect(client.getRequestToPayStatus(randomUUID())).resolves.toEqual({ status: "NOT_FOUND" });
    });

    it("is counted per reference id at the sandbox, whatever it was answered; peeking counts nothing", async () => {
      const client = createMomoClient(sandbox.clientConfig);
      const input = payment({ phone: MOMO_TEST_NUMBERS.staysPending });
      const other = payment({ phone: MOMO_TEST_NUMBERS.staysPending });
      await client.requestToPay(input);
      await client.requestToPay(other);
      expect(sandbox.statusCalls(input.referenceId)).toBe(0);

      await client.getRequestToPayStatus(input.referenceId);
      // A fault meant for one request's status call leaves the others' alone.
      sandbox.failNext({ on: "status", referenceId: input.referenceId, kind: "status", status: 503 });
      await expect(client.getRequestToPayStatus(other.referenceId)).resolves.toMatchObject({ status: "PENDING" });
      await expect(client.getRequestToPayStatus(input.referenceId)).rejects.toMatchObject({ status: 503 });
      // A revoked token costs the call that got 401 and the one made again with a fresh token.
      sandbox.revokeTokens();
      await client.getRequestToPayStatus(input.referenceId);
      expect(sandbox.statusCalls(input.referenceId)).toBe(4);

      expect(sandbox.statusOf(input.referenceId)).toBe("PENDING");
      expect(sandbox.statusOf(randomUUID())).toBeUndefined();
      expect(sandbox.statusCalls(input.referenceId)).toBe(4);
      expect(sandbox.statusCalls(other.referenceId)).toBe(1);
    });
  });

  describe("callbacks", () => {
    let receiver: Awaited<ReturnType<typeof startReceiver>>;
    beforeAll(async () => {
      receiver = await startReceiver();
    });
    afterAll(() => receiver.close());
    afterEach(() => {
      receiver.received.length = 0;
    });

    const callbacksFor = (referenceId: string) =>
      receiver.received.filter((callback) => callback.body.externalId === referenceId);

    it("PUTs the final status to X-Callback-Url once resolved", async () => {
      const client = createMomoClient({ ...sandbox.clientConfig, callbackUrl: receiver.url });
      const referenceId = referenceWithCallbacks(1);
      const input = payment({ referenceId, externalId: referenceId });
      await client.requestToPay(input);
      expect(callbacksFor(input.referenceId)).toEqual([]);

      const [callback] = await eventually(() => {
        const found = callbacksFor(input.referenceId);
        return found.length ? found : undefined;
      });
      expect(callback!.method).toBe("PUT");
      expect(callback!.headers["content-type"]).toBe("application/json");
      expect(callback!.body).toMatchObject({
        status: "SUCCESSFUL",
        amount: "25",
        currency: "EUR",
        payer: { partyIdType: "MSISDN", partyId: MOMO_TEST_NUMBERS.succeeds },
      });
      expect(callback!.body.financialTransactionId).toMatch(/^\d+$/);
      expect(await answeredCallbacks(sandbox, input.referenceId)).toHaveLength(1);
      expect(callbacksFor(input.referenceId)).toHaveLength(1);
    });

    it("sends a FAILED outcome with its reason", async () => {
      const client = createMomoClient({ ...sandbox.clientConfig, callbackUrl: receiver.url });
      const referenceId = referenceWithCallbacks(1);
      await client.requestToPay(payment({ referenceId, externalId: referenceId, phone: MOMO_TEST_NUMBERS.expired }));
      const [callback] = await eventually(() => {
        const found = callbacksFor(referenceId);
        return found.length ? found : undefined;
      });
      expect(callback!.body).toMatchObject({ status: "FAILED", reason: "EXPIRED" });
    });

    it("by default calls back twice for some reference ids and never for others, as the hash decides", async () => {
      const client = createMomoClient({ ...sandbox.clientConfig, callbackUrl: receiver.url });
      const twice = referenceWithCallbacks(2);
      const never = referenceWithCallbacks(0);
      await client.requestToPay(payment({ referenceId: twice, externalId: twice }));
      await client.requestToPay(payment({ referenceId: never, externalId: never }));

      expect(await answeredCallbacks(sandbox, twice)).toHaveLength(2);
      expect(await answeredCallbacks(sandbox, never)).toHaveLength(0);
      expect(callbacksFor(twice)).toHaveLength(2);
      expect(callbacksFor(never)).toHaveLength(0);
      // The status call still tells the outcome of the request whose callback never came.
      await expect(client.getRequestToPayStatus(never)).resolves.toMatchObject({ status: "SUCCESSFUL" });
    });

    it("can be forced to call back twice, never, or once for every request; never for one that stays pending", async () => {
      for (const [behaviour, expected] of [
        ["twice", 2],
        ["never", 0],
        ["once", 1],
      ] as const) {
        const forced = await startMomoSandbox({ resolveAfterMs: 50, callbackBehaviour: behaviour });
        try {
          const client = createMomoClient({ ...forced.clientConfig, callbackUrl: receiver.url });
          const references = [randomUUID(), randomUUID(), randomUUID()];
          for (const referenceId of references) {
            await client.requestToPay(payment({ referenceId, externalId: referenceId }));
          }
          const pending = randomUUID();
          await client.requestToPay(
            payment({ referenceId: pending, externalId: pending, phone: MOMO_TEST_NUMBERS.staysPending }),
          );
          for (const referenceId of references) {
            expect(await answeredCallbacks(forced, referenceId)).toHaveLength(expected);
            expect(callbacksFor(referenceId)).toHaveLength(expected);
          }
          // A request that stays pending is never answered, so never called back.
          expect(forced.callbacksOf(pending)).toBeUndefined();
          expect(callbacksFor(pending)).toHaveLength(0);
          expect(forced.callbacks.filter((callback) => callback.status === 200)).toHaveLength(3 * expected);
        } finally {
          await forced.close();
        }
      }
    });
  });
});

describe("MoMo Disbursement client against the local sandbox (decision 100)", () => {
  let sandbox: MomoSandbox;
  beforeAll(async () => {
    sandbox = await startMomoSandbox({ resolveAfterMs: 200, currency: "USD" });
  });
  afterAll(() => sandbox.close());
  /** A transfer to a fresh payee (Liberian MTN digits), so counts per payee are this test's own. */
  const transfer = (overrides: Partial<TransferInput> = {}): TransferInput => ({
    referenceId: randomUUID(),
    amount: "40.50",
    externalId: "payout-1",
    phone: `23188${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`,
    payerMessage: "Payout 1",
    payeeNote: "Waterside deal 12",
    ...overrides,
  });
  const settled = (referenceId: string) =>
    eventually(() => (sandbox.transferStatusOf(referenceId) === "PENDING" ? undefined : true));

  it("takes a token of its own product: its credentials, and never a Collections token", async () => {
    const client = createMomoDisbursementClient(sandbox.disbursementConfig);
    await client.getTransferStatus(randomUUID());
    const token = sandbox.requests.find((call) => call.path === "/disbursement/token/")!;
    expect(token.headers["ocp-apim-subscription-key"]).toBe(sandbox.disbursementConfig.subscriptionKey);
    expect(sandbox.disbursementConfig.subscriptionKey).not.toBe(sandbox.clientConfig.subscriptionKey);
    // The Collections credentials get nowhere on Disbursement, as at MTN.
    const wrong = createMomoDisbursementClient({ ...sandbox.disbursementConfig, apiKey: sandbox.clientConfig.apiKey });
    await expect(wrong.transfer(transfer())).rejects.toMatchObject({ status: 401, code: "login_failed" });
    const collectionsKey = createMomoDisbursementClient({
      ...sandbox.disbursementConfig,
      subscriptionKey: sandbox.clientConfig.subscriptionKey,
    });
    await expect(collectionsKey.getTransferStatus(randomUUID())).rejects.toMatchObject({ status: 401 });
  });

  it("sends MTN's transfer, takes a repeated reference id as the same transfer (409), and reports it SUCCESSFUL", async () => {
    const client = createMomoDisbursementClient(sandbox.disbursementConfig);
    const input = transfer();
    expect(await client.transfer(input)).toEqual({ referenceId: input.referenceId, duplicate: false });
    expect(await client.transfer(input)).toEqual({ referenceId: input.referenceId, duplicate: true });
    const sent = sandbox.requests.filter((call) => call.path === "/disbursement/v1_0/transfer");
    expect(sent.at(-1)!.headers["x-reference-id"]).toBe(input.referenceId);
    expect(sent.at(-1)!.headers["x-callback-url"]).toBeUndefined();
    expect(JSON.parse(sent.at(-1)!.body)).toEqual({
      amount: "40.50",
      currency: "USD",
      externalId: "payout-1",
      payee: { partyIdType: "MSISDN", partyId: input.phone },
      payerMessage: "Payout 1",
      payeeNote: "Waterside deal 12",
    });
    // Two calls, one transfer: the money left once.
    expect(sandbox.transferCalls(input.referenceId)).toBe(2);
    expect(sandbox.transfersTo(input.phone)).toBe(1);
    expect(await client.getTransferStatus(input.referenceId)).toMatchObject({ status: "PENDING" });
    await settled(input.referenceId);
    const done = await client.getTransferStatus(input.referenceId);
    expect(done).toMatchObject({
      status: "SUCCESSFUL",
      amount: "40.50",
      currency: "USD",
      payee: { partyIdType: "MSISDN", partyId: input.phone },
    });
    expect(done).toHaveProperty("financialTransactionId");
    expect(await client.getTransferStatus(randomUUID())).toEqual({ status: "NOT_FOUND" });
  });

  it("fails transfers to the failing test numbers with MTN's reason, and keeps one pending for good", async () => {
    const client = createMomoDisbursementClient(sandbox.disbursementConfig);
    const notFound = transfer({ phone: MOMO_PAYOUT_TEST_NUMBERS.payeeNotFound });
    const noFunds = transfer({ phone: MOMO_PAYOUT_TEST_NUMBERS.notEnoughFunds });
    const pending = transfer({ phone: MOMO_PAYOUT_TEST_NUMBERS.staysPending });
    for (const input of [notFound, noFunds, pending]) await client.transfer(input);
    await settled(notFound.referenceId);
    await settled(noFunds.referenceId);
    expect(await client.getTransferStatus(notFound.referenceId)).toMatchObject({
      status: "FAILED",
      reason: "PAYEE_NOT_FOUND",
    });
    expect(await client.getTransferStatus(noFunds.referenceId)).toMatchObject({
      status: "FAILED",
      reason: "NOT_ENOUGH_FUNDS",
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await client.getTransferStatus(pending.referenceId)).toMatchObject({ status: "PENDING" });
  });

  it("loses the answer for the answerLost number: the transfer is made, the caller hears a retryable failure", async () => {
    const client = createMomoDisbursementClient(sandbox.disbursementConfig);
    const input = transfer({ phone: MOMO_PAYOUT_TEST_NUMBERS.answerLost });
    const error = await client.transfer(input).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MomoError);
    expect(error).toMatchObject({ operation: "transfer", code: "NETWORK_ERROR", retryable: true });
    expect(sandbox.transfersTo(input.phone)).toBe(1);
    // Sent again with the same id: MTN has it (409), still one transfer.
    expect(sandbox.transferCalls(input.referenceId)).toBe(1);
    await expect(client.transfer(input)).resolves.toEqual({ referenceId: input.referenceId, duplicate: true });
    expect(sandbox.transfersTo(input.phone)).toBe(1);
  });

  it("refuses a bad reference id or payee before sending, and the sandbox refuses a bad body as MTN does", async () => {
    const client = createMomoDisbursementClient(sandbox.disbursementConfig);
    await expect(client.transfer(transfer({ referenceId: "payout-12" }))).rejects.toMatchObject({
      operation: "transfer",
      code: "INVALID_REQUEST",
      retryable: false,
    });
    await expect(client.transfer(transfer({ phone: "0886123456x" }))).rejects.toMatchObject({
      code: "INVALID_REQUEST",
    });
    const eur = createMomoDisbursementClient({ ...sandbox.disbursementConfig, currency: "EUR" });
    await expect(eur.transfer(transfer())).rejects.toMatchObject({ code: "INVALID_CURRENCY", retryable: false });
  });
});

describe("cleanMomoNote", () => {
  it("keeps plain text as it is", () => {
    expect(cleanMomoNote("Waterside boost: Premium Package (1 month) #42")).toBe(
      "Waterside boost: Premium Package (1 month) #42",
    );
  });

  it("removes apostrophes, quotes, &, angle brackets and emoji, and takes accents off letters", () => {
    expect(cleanMomoNote('Kofi’s & Ama\'s "shop" <b>🚗</b> Café')).toBe("Kofis Amas shop b/b Cafe");
  });

  it("collapses spaces and cuts at 160 characters", () => {
    const note = cleanMomoNote(`  a\n\tb   ${"word ".repeat(60)}`);
    expect(note.startsWith("a b word word")).toBe(true);
    expect(note.length).toBeLessThanOrEqual(160);
    expect(note).toBe(note.trim());
  });

  it("is never empty", () => {
    expect(cleanMomoNote("''&&")).toBe("Waterside payment");
    expect(cleanMomoNote("", "Boost for ad 7")).toBe("Boost for ad 7");
    expect(cleanMomoNote("", "'")).toBe("Waterside payment");
  });
});

describe("formatMomoAmount", () => {
  it("writes whole amounts without decimals and others with two", () => {
    expect(formatMomoAmount(25)).toBe("25");
    expect(formatMomoAmount("25.00")).toBe("25");
    expect(formatMomoAmount("7.5")).toBe("7.50");
    expect(formatMomoAmount(0.99)).toBe("0.99");
  });

  it("refuses zero, negative, non-numeric and over-precise amounts", () => {
    for (const amount of [0, -1, "abc", "1e3", "1.005", Number.NaN]) {
      expect(() => formatMomoAmount(amount)).toThrow(MomoError);
    }
  });
});

describe("momoReasonText", () => {
  it("says MTN's reasons in plain words, with a general sentence for unknown ones", () => {
    expect(momoReasonText("NOT_ENOUGH_FUNDS")).toBe("There is not enough money in your Mobile Money account.");
    expect(momoReasonText("APPROVAL_REJECTED")).toBe("The payment was declined on your phone.");
    expect(momoReasonText("COULD_NOT_PERFORM_TRANSACTION")).toBe("The payment was not approved within 5 minutes.");
    expect(momoReasonText("SOMETHING_NEW")).toBe(MOMO_REASON_DEFAULT_TEXT);
    expect(momoReasonText("toString")).toBe(MOMO_REASON_DEFAULT_TEXT);
    expect(momoReasonText(undefined)).toBe(MOMO_REASON_DEFAULT_TEXT);
  });
});

describe("MOMO_* configuration", () => {
  const base = {
    NODE_ENV: "test",
    TOKEN_SECRET: "s".repeat(40),
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "waterside-config-")),
  } as const;
  const momo = {
    MOMO_BASE_URL: "https://sandbox.momodeveloper.mtn.com/",
    MOMO_SUBSCRIPTION_KEY: "key",
    MOMO_API_USER: "3f2c6b1e-8d4a-4c5e-9b7f-1a2d3e4f5a6b",
    MOMO_API_KEY: "secret",
  };

  it("is null without any MOMO_* (the local sandbox's case)", () => {
    expect(loadConfig(base).momo).toBeNull();
  });

  it("defaults to MTN's sandbox and its only currency, EUR", () => {
    expect(loadConfig({ ...base, ...momo }).momo).toEqual({
      baseUrl: "https://sandbox.momodeveloper.mtn.com",
      subscriptionKey: "key",
      apiUser: "3f2c6b1e-8d4a-4c5e-9b7f-1a2d3e4f5a6b",
      apiKey: "secret",
      targetEnvironment: "sandbox",
      currency: "EUR",
      callbackUrl: undefined,
    });
  });

  it("stops on a partial set, naming the missing variable", () => {
    expect(() => loadConfig({ ...base, ...momo, MOMO_API_KEY: "" })).toThrow(
      "Invalid configuration: MOMO_API_KEY is required with the other MOMO_* variables (MoMo is on)",
    );
    expect(() => loadConfig({ ...base, MOMO_CALLBACK_URL: "https://waterside.lr/api/payments/momo/callback" })).toThrow(
      "Invalid configuration: MOMO_BASE_URL is required with the other MOMO_* variables (MoMo is on)",
    );
    expect(() => loadConfig({ ...base, ...momo, MOMO_API_USER: "someone" })).toThrow(
      /^Invalid configuration: MOMO_API_USER must be the API user id \(a UUID\)/,
    );
  });

  it("takes the Disbursement product's three credentials together, on the MoMo account, for payouts", () => {
    const disbursement = {
      MOMO_DISBURSEMENT_SUBSCRIPTION_KEY: "disbursement-key",
      MOMO_DISBURSEMENT_API_USER: "7a1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
      MOMO_DISBURSEMENT_API_KEY: "disbursement-secret",
    };
    // Real MOMO_* settings without disbursement ones: payouts through MTN are simply not configured.
    expect(loadConfig({ ...base, ...momo }).momoDisbursement).toBeNull();
    expect(loadConfig({ ...base, ...momo, ...disbursement }).momoDisbursement).toEqual({
      baseUrl: "https://sandbox.momodeveloper.mtn.com",
      subscriptionKey: "disbursement-key",
      apiUser: "7a1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
      apiKey: "disbursement-secret",
      targetEnvironment: "sandbox",
      currency: "EUR",
      callbackUrl: undefined,
    });
    expect(() => loadConfig({ ...base, ...momo, ...disbursement, MOMO_DISBURSEMENT_API_KEY: "" })).toThrow(
      /MOMO_DISBURSEMENT_SUBSCRIPTION_KEY, MOMO_DISBURSEMENT_API_USER, MOMO_DISBURSEMENT_API_KEY go together/,
    );
    expect(() => loadConfig({ ...base, ...disbursement })).toThrow(
      "Invalid configuration: MOMO_DISBURSEMENT_* need the MOMO_* account they pay out from",
    );
  });

  it("needs the account's currency and an https callback in production", () => {
    const production = { ...base, ...momo, MOMO_BASE_URL: "https://proxy.momoapi.mtn.com" };
    expect(() => loadConfig({ ...production, MOMO_TARGET_ENVIRONMENT: "mtnliberia" })).toThrow(
      /^Invalid configuration: MOMO_CURRENCY is required outside MTN's sandbox/,
    );
    expect(() =>
      loadConfig({
        ...production,
        MOMO_TARGET_ENVIRONMENT: "mtnliberia",
        MOMO_CURRENCY: "USD",
        MOMO_CALLBACK_URL: "http://waterside.lr/api/payments/momo/callback",
      }),
    ).toThrow("Invalid configuration: MOMO_CALLBACK_URL must be https outside MTN's sandbox");
    expect(
      loadConfig({
        ...production,
        MOMO_TARGET_ENVIRONMENT: "mtnliberia",
        MOMO_CURRENCY: "LRD",
        MOMO_CALLBACK_URL: "https://waterside.lr/api/payments/momo/callback",
      }).momo,
    ).toMatchObject({ targetEnvironment: "mtnliberia", currency: "LRD" });
  });
});
