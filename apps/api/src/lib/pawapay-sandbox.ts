import { randomBytes, randomInt } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";
import { ORANGE_PAYOUT_TEST_NUMBERS, ORANGE_TEST_NUMBERS } from "@waterside/shared/payments-messages";
import { momoSandboxCallbackCount, type MomoCallbackBehaviour } from "./momo-sandbox.ts";
import type { PawapayConfig } from "./pawapay.ts";

/**
 * A local stand-in for pawaPay's Merchant API v2 deposits (decision 085), speaking the same protocol as pawaPay's
 * sandbox: the tests run against it, and `npm start` without ORANGE_* settings uses it so paying with Orange Money
 * works end to end on a laptop.
 *
 * Like pawaPay it checks the bearer token on every call (401 NO_AUTHENTICATION without one, 403 AUTHENTICATION_ERROR
 * for another), the deposit's body (400 INVALID_INPUT, MISSING_PARAMETER or INVALID_PARAMETER: a UUID v4 depositId,
 * an amount string with at most 2 decimals, an MMO payer, a customerMessage of 4 to 22 characters), and answers 200
 * REJECTED with a failureReason for a currency the account does not take, another provider than its own, or a number
 * that is not an MSISDN. A depositId it knows gets DUPLICATE_IGNORED. An accepted deposit stays ACCEPTED for
 * `resolveAfterMs`, then ends COMPLETED, or as ORANGE_TEST_NUMBERS say; the final deposit is POSTed to the callback
 * URL, as on real networks not always exactly once (momoSandboxCallbackCount).
 *
 * Payouts (decision 100) are checked the same way (`recipient` for `payer`), DUPLICATE_IGNORED for a payoutId it
 * knows, and end as ORANGE_PAYOUT_TEST_NUMBERS say, COMPLETED for any other recipient. They get no callback (Waterside
 * asks about them). `payoutsTo` counts the money that left per recipient, `payoutCalls` the calls per payoutId.
 */

export interface PawapaySandboxOptions {
  /** 0 (the default): a free port. */
  port?: number;
  host?: string;
  /** The API token the sandbox accepts; a random one when not given. */
  apiToken?: string;
  /** pawaPay's code of the operator the account uses (ORANGE_LBR). */
  provider?: string;
  /** The currencies the account takes with it. */
  currencies?: readonly string[];
  /** Where final deposits are POSTed (pawaPay's dashboard setting); none: no callbacks. */
  callbackUrl?: string;
  /** How long a deposit stays ACCEPTED before its outcome. */
  resolveAfterMs?: number;
  /** "real" (the default): per depositId, sometimes twice, sometimes never. */
  callbackBehaviour?: MomoCallbackBehaviour;
}

/** One call the sandbox received, for tests to inspect. `status` 0: the connection was cut without an answer. */
export interface PawapaySandboxRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  status: number;
  /** The JSON body answered, if any. */
  answer?: unknown;
}

export interface PawapaySandboxCallback {
  depositId: string;
  url: string;
  body: Record<string, unknown>;
  /** The receiver's HTTP status, or the error when it could not be reached. */
  status?: number;
  error?: string;
}

/**
 * What the next matching call gets instead of its normal answer (once): of the operation `on` (either when not
 * given), and when `depositId` is given, only a status call about that deposit.
 */
export type PawapaySandboxFault = { on?: "deposit" | "payout" | "status"; depositId?: string; payoutId?: string } & (
  | { kind: "status"; status: number; failureCode?: string }
  /** The deposit or payout is stored (pawaPay has it), then the connection is cut: the caller never sees ACCEPTED. */
  | { kind: "drop-after-accept" }
  /** The normal answer, this much later. */
  | { kind: "delay"; ms: number }
  /** A status call answers NOT_FOUND whatever pawaPay holds (a deposit it has not recorded yet, in its own words). */
  | { kind: "not-found" }
);

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
/** pawaPay's amount: digits, no leading zero, at most 2 decimals. */
const AMOUNT = /^(0|[1-9]\d{0,17})(\.\d{1,2})?$/;

type Outcome = { status: "COMPLETED" } | { status: "FAILED"; failureCode: string } | { status: "PROCESSING" };

/** Payout outcomes by recipient, as pawaPay's sandbox picks them by last digits (decision 100). */
const PAYOUT_OUTCOMES: Record<string, Outcome> = {
  [ORANGE_PAYOUT_TEST_NUMBERS.recipientNotFound]: { status: "FAILED", failureCode: "RECIPIENT_NOT_FOUND" },
  [ORANGE_PAYOUT_TEST_NUMBERS.otherError]: { status: "FAILED", failureCode: "OTHER_ERROR" },
  [ORANGE_PAYOUT_TEST_NUMBERS.noAnswer]: { status: "PROCESSING" },
};

/** Deposit outcomes by number, as pawaPay's sandbox picks them by last digits (docs.pawapay.io/testing_the_api). */
const TEST_OUTCOMES: Record<string, Outcome> = {
  [ORANGE_TEST_NUMBERS.payerLimitReached]: { status: "FAILED", failureCode: "PAYER_LIMIT_REACHED" },
  [ORANGE_TEST_NUMBERS.payerNotFound]: { status: "FAILED", failureCode: "PAYER_NOT_FOUND" },
  [ORANGE_TEST_NUMBERS.notApproved]: { status: "FAILED", failureCode: "PAYMENT_NOT_APPROVED" },
  [ORANGE_TEST_NUMBERS.insufficientBalance]: { status: "FAILED", failureCode: "INSUFFICIENT_BALANCE" },
  [ORANGE_TEST_NUMBERS.noAnswer]: { status: "PROCESSING" },
};

interface StoredDeposit {
  depositId: string;
  amount: string;
  currency: string;
  phoneNumber: string;
  provider: string;
  customerMessage?: string;
  created: string;
  resolvesAt: number;
  outcome: Outcome;
  providerTransactionId: string;
}

const failure = (failureCode: string, failureMessage: string) => ({ failureReason: { failureCode, failureMessage } });

export async function startPawapaySandbox(options: PawapaySandboxOptions = {}) {
  const apiToken = options.apiToken ?? randomBytes(24).toString("base64url");
  const provider = options.provider ?? "ORANGE_LBR";
  const currencies = options.currencies ?? ["USD", "LRD"];
  const resolveAfterMs = options.resolveAfterMs ?? 1500;
  const callbackBehaviour = options.callbackBehaviour ?? "real";

  const deposits = new Map<string, StoredDeposit>();
  const payouts = new Map<string, StoredDeposit>();
  /** Payout calls received per payoutId, whatever their answer (DUPLICATE_IGNORED included). */
  const payoutCalls = new Map<string, number>();
  const requests: PawapaySandboxRequest[] = [];
  const callbacks: PawapaySandboxCallback[] = [];
  const callbacksByDeposit = new Map<string, PawapaySandboxCallback[]>();
  /** Status calls received per depositId: pawaPay rate-limits them, so tests count them. */
  const statusCalls = new Map<string, number>();
  const faults: PawapaySandboxFault[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const closing = new AbortController();

  function later(ms: number, run: () => void) {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timer.unref();
    timers.add(timer);
  }

  /** The deposit (or payout) as the status call and the callback show it. */
  function depositBody(depositId: string, stored = deposits) {
    const deposit = stored.get(depositId)!;
    const outcome: Outcome | { status: "ACCEPTED" } =
      Date.now() < deposit.resolvesAt ? { status: "ACCEPTED" } : deposit.outcome;
    const payout = stored === payouts;
    return {
      [payout ? "payoutId" : "depositId"]: depositId,
      status: outcome.status,
      amount: deposit.amount,
      currency: deposit.currency,
      country: "LBR",
      [payout ? "recipient" : "payer"]: {
        type: "MMO",
        accountDetails: { phoneNumber: deposit.phoneNumber, provider: deposit.provider },
      },
      ...(deposit.customerMessage ? { customerMessage: deposit.customerMessage } : {}),
      created: deposit.created,
      ...(outcome.status === "COMPLETED" ? { providerTransactionId: deposit.providerTransactionId } : {}),
      ...(outcome.status === "FAILED" ? failure(outcome.failureCode, "The deposit failed.") : {}),
    };
  }

  function sendCallbacks(depositId: string, url: string) {
    // A timer may fire a millisecond before the clock reaches `resolvesAt`: the callback is the resolution.
    const deposit = deposits.get(depositId)!;
    deposit.resolvesAt = Math.min(deposit.resolvesAt, Date.now());
    const body = depositBody(depositId);
    const sent: PawapaySandboxCallback[] = [];
    callbacksByDeposit.set(depositId, sent);
    for (let copy = 0; copy < momoSandboxCallbackCount(depositId, callbackBehaviour); copy++) {
      const entry: PawapaySandboxCallback = { depositId, url, body };
      callbacks.push(entry);
      sent.push(entry);
      fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
        signal: AbortSignal.any([closing.signal, AbortSignal.timeout(5000)]),
      })
        .then(async (response) => {
          entry.status = response.status;
          await response.body?.cancel();
        })
        .catch((error: unknown) => {
          entry.error = error instanceof Error ? error.message : String(error);
        });
    }
  }

  type Answer = { status: number; body?: unknown } | "drop";
  type Route = { operation: "deposit" | "payout" | "status"; depositId?: string; handle: () => Answer };

  function takeFault({ operation, depositId }: Route) {
    const index = faults.findIndex(
      (fault) =>
        (fault.on === undefined || fault.on === operation) &&
        ((fault.depositId ?? fault.payoutId) === undefined || (fault.depositId ?? fault.payoutId) === depositId),
    );
    return index === -1 ? undefined : faults.splice(index, 1)[0];
  }

  function route(request: IncomingMessage, path: string, body: string): Route | undefined {
    if (request.method === "POST" && path === "/v2/deposits") {
      return { operation: "deposit", handle: () => initiate(body, "deposit") };
    }
    const status = /^\/v2\/deposits\/([^/]+)$/.exec(path);
    if (request.method === "GET" && status) {
      const depositId = decodeURIComponent(status[1]!);
      return { operation: "status", depositId, handle: () => check(depositId) };
    }
    if (request.method === "POST" && path === "/v2/payouts") {
      // Counted on arrival, whatever the answer (a fault's included).
      const payoutId = /"payoutId"\s*:\s*"([^"]*)"/.exec(body)?.[1] ?? "";
      payoutCalls.set(payoutId, (payoutCalls.get(payoutId) ?? 0) + 1);
      return { operation: "payout", handle: () => initiate(body, "payout") };
    }
    const payoutStatus = /^\/v2\/payouts\/([^/]+)$/.exec(path);
    if (request.method === "GET" && payoutStatus) {
      // Faults and status counts name it as they name a deposit: by its id.
      const payoutId = decodeURIComponent(payoutStatus[1]!);
      return { operation: "status", depositId: payoutId, handle: () => check(payoutId, payouts) };
    }
    return undefined;
  }

  /**
   * A deposit, or a payout from our wallet (decision 100): checked alike, a payout's `payoutId` and `recipient` for the
   * deposit's `depositId` and `payer`.
   */
  function initiate(text: string, kind: "deposit" | "payout"): Answer {
    const [idKey, partyKey, stored] =
      kind === "deposit" ? (["depositId", "payer", deposits] as const) : (["payoutId", "recipient", payouts] as const);
    let body: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new Error("not an object");
      body = parsed as Record<string, unknown>;
    } catch {
      return { status: 400, body: { status: "REJECTED", ...failure("INVALID_INPUT", "The body is not JSON.") } };
    }
    const invalid = invalidDeposit({ ...body, depositId: body[idKey], payer: body[partyKey] }, kind);
    if (invalid) return { status: 400, body: { [idKey]: body[idKey], status: "REJECTED", ...invalid } };
    const id = String(body[idKey]);
    const created = new Date().toISOString();
    const reply = (status: "ACCEPTED" | "DUPLICATE_IGNORED" | "REJECTED", extra = {}) => ({
      status: 200,
      body: { [idKey]: id, status, created, ...extra },
    });
    if (stored.has(id)) return reply("DUPLICATE_IGNORED");
    const party = body[partyKey] as { accountDetails: { phoneNumber: string; provider: string } };
    const { phoneNumber, provider: asked } = party.accountDetails;
    if (asked !== provider) return reply("REJECTED", failure("INVALID_PROVIDER", "The provider is not available."));
    if (!currencies.includes(String(body.currency))) {
      return reply("REJECTED", failure("INVALID_CURRENCY", "The currency is not supported by the provider."));
    }
    if (!/^\d{8,15}$/.test(phoneNumber)) {
      return reply("REJECTED", failure("INVALID_PHONE_NUMBER", "The phone number is not an MSISDN."));
    }
    if (kind === "deposit" && phoneNumber === ORANGE_TEST_NUMBERS.rejected) {
      return reply("REJECTED", failure("AMOUNT_OUT_OF_BOUNDS", "The amount is outside the provider's limits."));
    }
    if (kind === "payout" && phoneNumber === ORANGE_PAYOUT_TEST_NUMBERS.walletOutOfFunds) {
      return reply("REJECTED", failure("PAWAPAY_WALLET_OUT_OF_FUNDS", "The wallet does not have enough funds."));
    }
    const outcome = (kind === "deposit" ? TEST_OUTCOMES : PAYOUT_OUTCOMES)[phoneNumber] ?? { status: "COMPLETED" };
    stored.set(id, {
      depositId: id,
      amount: String(body.amount),
      currency: String(body.currency),
      phoneNumber,
      provider: asked,
      customerMessage: typeof body.customerMessage === "string" ? body.customerMessage : undefined,
      created,
      resolvesAt: Date.now() + resolveAfterMs,
      outcome,
      providerTransactionId: String(randomInt(100_000_000, 999_999_999)),
    });
    // A deposit that never gets an answer gets no callback either (pawaPay's "stuck" test numbers). Payouts get none
    // here: Waterside asks about them.
    if (kind === "deposit" && options.callbackUrl && outcome.status !== "PROCESSING") {
      const url = options.callbackUrl;
      later(resolveAfterMs, () => sendCallbacks(id, url));
    }
    return kind === "payout" && phoneNumber === ORANGE_PAYOUT_TEST_NUMBERS.answerLost ? "drop" : reply("ACCEPTED");
  }

  function check(id: string, stored = deposits): Answer {
    if (!UUID_V4.test(id)) {
      const name = stored === payouts ? "payoutId" : "depositId";
      return { status: 400, body: failure("INVALID_PARAMETER", `The ${name} must be a UUID v4.`) };
    }
    if (!stored.has(id)) return { status: 200, body: { status: "NOT_FOUND" } };
    return { status: 200, body: { status: "FOUND", data: depositBody(id, stored) } };
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const body = await readBody(request);
    const path = new URL(request.url ?? "/", "http://sandbox").pathname;
    const entry: PawapaySandboxRequest = {
      method: request.method ?? "",
      path,
      headers: request.headers,
      body,
      status: 0,
    };
    requests.push(entry);
    const reply = (answer: Answer) => {
      if (answer === "drop") {
        request.socket.destroy();
        return;
      }
      entry.status = answer.status;
      entry.answer = answer.body;
      const json = answer.body === undefined ? "" : JSON.stringify(answer.body);
      response.writeHead(answer.status, json ? { "Content-Type": "application/json" } : {});
      response.end(json);
    };

    const found = route(request, path, body);
    // Counted on arrival, whatever the answer: each one spends the merchant's allowance.
    if (found?.depositId !== undefined) statusCalls.set(found.depositId, (statusCalls.get(found.depositId) ?? 0) + 1);
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
    if (!bearer) return reply({ status: 401, body: failure("NO_AUTHENTICATION", "No API token in the request.") });
    if (bearer !== apiToken) {
      return reply({ status: 403, body: failure("AUTHENTICATION_ERROR", "The API token is not valid.") });
    }
    if (!found) return reply({ status: 404, body: failure("NOT_FOUND", "No such endpoint.") });
    const fault = takeFault(found);
    if (fault?.kind === "status") {
      return reply({ status: fault.status, body: failure(fault.failureCode ?? "UNKNOWN_ERROR", "Injected fault") });
    }
    if (fault?.kind === "delay") return later(fault.ms, () => reply(found.handle()));
    if (fault?.kind === "not-found" && found.operation === "status") {
      return reply({ status: 200, body: { status: "NOT_FOUND" } });
    }
    const answer = found.handle();
    const accepted = answer !== "drop" && (answer.body as { status?: string } | undefined)?.status === "ACCEPTED";
    reply(fault?.kind === "drop-after-accept" && accepted ? "drop" : answer);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { "Content-Type": "application/json" });
      response.end(JSON.stringify(failure("UNKNOWN_ERROR", String(error))));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  const url = `http://${host}:${address.port}`;

  return {
    url,
    /** Settings for createPawapayClient against this sandbox. */
    clientConfig: {
      baseUrl: url,
      apiToken,
      provider,
      currencies,
      callbackUrl: options.callbackUrl,
    } satisfies PawapayConfig,
    /** Every call received, oldest first. */
    requests,
    /** Every callback sent, with the receiver's answer once it came. */
    callbacks,
    /** The callbacks of this deposit once final (an empty list when it gets none); undefined before. */
    callbacksOf(depositId: string): readonly PawapaySandboxCallback[] | undefined {
      return callbacksByDeposit.get(depositId);
    },
    /** How many status calls (`GET /v2/deposits/{depositId}`) arrived for this deposit. */
    statusCalls(depositId: string) {
      return statusCalls.get(depositId) ?? 0;
    },
    /** What a status call would say of the deposit now, without being one; undefined for an unknown deposit. */
    statusOf(depositId: string) {
      return deposits.has(depositId) ? depositBody(depositId).status : undefined;
    },
    /** How many payouts were made to this recipient (digits with the country code): the money that left for them. */
    payoutsTo(phone: string) {
      return [...payouts.values()].filter((payout) => payout.phoneNumber === phone).length;
    },
    /** How many payout calls (`POST /v2/payouts`) arrived with this payoutId, DUPLICATE_IGNORED included. */
    payoutCalls(payoutId: string) {
      return payoutCalls.get(payoutId) ?? 0;
    },
    /** What a status call would say of the payout now, without being one; undefined for an unknown payout. */
    payoutStatusOf(payoutId: string) {
      return payouts.has(payoutId) ? depositBody(payoutId, payouts).status : undefined;
    },
    /** The next matching call gets this fault instead of its normal answer. */
    failNext(fault: PawapaySandboxFault) {
      faults.push(fault);
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      closing.abort();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type PawapaySandbox = Awaited<ReturnType<typeof startPawapaySandbox>>;

/**
 * What pawaPay checks in a deposit's body (or a payout's, its payoutId and recipient given as depositId and payer)
 * before anything else: its failureReason, or undefined when it passes.
 */
function invalidDeposit(body: Record<string, unknown>, kind: "deposit" | "payout") {
  const names = kind === "deposit" ? { id: "depositId", party: "payer" } : { id: "payoutId", party: "recipient" };
  for (const [name, field] of [
    [names.id, "depositId"],
    ["amount", "amount"],
    ["currency", "currency"],
    [names.party, "payer"],
  ] as const) {
    if (body[field] === undefined) return failure("MISSING_PARAMETER", `${name} is required.`);
  }
  const { depositId, amount, currency, payer, customerMessage } = body;
  if (typeof depositId !== "string" || !UUID_V4.test(depositId)) {
    return failure("INVALID_PARAMETER", `${names.id} must be a UUID v4.`);
  }
  if (typeof amount !== "string" || !AMOUNT.test(amount) || !(Number(amount) > 0)) {
    return failure("INVALID_PARAMETER", "amount must be a positive decimal in a string, with at most 2 decimals.");
  }
  if (typeof currency !== "string" || !/^[A-Z]{3}$/.test(currency)) {
    return failure("INVALID_PARAMETER", "currency must be an ISO 4217 code.");
  }
  const party = (typeof payer === "object" && payer !== null ? payer : {}) as Record<string, unknown>;
  const details = (
    typeof party.accountDetails === "object" && party.accountDetails !== null ? party.accountDetails : {}
  ) as Record<string, unknown>;
  if (party.type !== "MMO") return failure("INVALID_PARAMETER", `${names.party}.type must be MMO.`);
  if (typeof details.phoneNumber !== "string" || typeof details.provider !== "string") {
    return failure("MISSING_PARAMETER", `${names.party}.accountDetails needs phoneNumber and provider.`);
  }
  if (
    customerMessage !== undefined &&
    (typeof customerMessage !== "string" || !/^[A-Za-z0-9 ]{4,22}$/.test(customerMessage))
  ) {
    return failure("INVALID_PARAMETER", "customerMessage must be 4 to 22 letters, digits or spaces.");
  }
  return undefined;
}

function readBody(request: IncomingMessage) {
  return new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > 65_536) request.destroy(new Error("Body too large"));
      else chunks.push(chunk);
    });
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

// Standalone: `node --import tsx apps/api/src/lib/pawapay-sandbox.ts` prints the ORANGE_* settings that point at it.
// Its own name too: in the bundled server (apps/api/dist/server.js) every module has the entry's URL (decision 094).
if (
  process.argv[1] &&
  import.meta.url.endsWith("/pawapay-sandbox.ts") &&
  import.meta.url === pathToFileURL(process.argv[1]).href
) {
  const sandbox = await startPawapaySandbox({
    port: Number(process.env.PAWAPAY_SANDBOX_PORT ?? 8090),
    host: process.env.PAWAPAY_SANDBOX_HOST ?? "127.0.0.1",
    apiToken: process.env.ORANGE_API_TOKEN ?? "local-sandbox-api-token",
    callbackUrl: process.env.ORANGE_CALLBACK_URL ?? "http://localhost:3000/api/payments/orange-money/callback",
  });
  const { baseUrl, apiToken, provider, currencies, callbackUrl } = sandbox.clientConfig;
  process.stdout.write(
    [
      `pawaPay sandbox listening on ${sandbox.url}. Point Waterside at it with:`,
      `ORANGE_BASE_URL=${baseUrl} ORANGE_API_TOKEN=${apiToken} ORANGE_PROVIDER=${provider} \\`,
      `ORANGE_CURRENCIES=${currencies.join(",")} ORANGE_CALLBACK_URL=${callbackUrl}`,
      "",
    ].join("\n"),
  );
  const stop = () => void sandbox.close().then(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}
