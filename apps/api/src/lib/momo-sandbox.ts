import { createHash, randomBytes, randomInt, randomUUID } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";
import { MOMO_PAYOUT_TEST_NUMBERS, MOMO_TEST_NUMBERS } from "@waterside/shared/momo-reasons";
import type { MomoConfig } from "./momo.ts";

/**
 * A local stand-in for MTN's MoMo Collections and Disbursement APIs, speaking the same protocol as MTN's sandbox: the
 * tests run against it, and `npm start` without MOMO_* settings uses it so buying a boost, and paying a seller out,
 * work end to end on a laptop.
 *
 * Like MTN it checks Ocp-Apim-Subscription-Key on every call, Basic auth on the token call, the bearer token and its
 * expiry, X-Reference-Id (UUID v4) and X-Target-Environment, and the request body (the amount, the account's currency,
 * an MSISDN payer, notes of at most 160 characters without refused characters); a reused reference id gets 409. A
 * request stays PENDING for `resolveAfterMs`, then ends SUCCESSFUL, or as MOMO_TEST_NUMBERS say. The final result goes
 * to X-Callback-Url by PUT, and as on real networks not always exactly once (see momoSandboxCallbackCount).
 *
 * Disbursement (decision 100) has its own subscription key, API user and key, and tokens that only it accepts, as MTN
 * issues them per product. A transfer is checked like a request to pay (its `payee` for `payer`), a reused reference
 * id gets 409, and it ends as MOMO_PAYOUT_TEST_NUMBERS say, SUCCESSFUL for any other payee. Transfers get no callback
 * (Waterside asks for none: the reconciler asks). `transfersTo` counts the money that left per payee, and
 * `transferCalls` the transfer calls per reference id, whatever their answer.
 */

export type MomoCallbackBehaviour = "real" | "once" | "never" | "twice";

export interface MomoSandboxOptions {
  /** 0 (the default): a free port. */
  port?: number;
  host?: string;
  /** Credentials the sandbox accepts; random ones (the API user a UUID, as MTN's) when not given. */
  subscriptionKey?: string;
  apiUser?: string;
  apiKey?: string;
  /** The Disbursement product's own credentials; random ones when not given. */
  disbursement?: { subscriptionKey?: string; apiUser?: string; apiKey?: string };
  targetEnvironment?: string;
  /** The only currency accepted, as an MTN account has one (MTN's sandbox: EUR). */
  currency?: string;
  /** Lifetime of issued tokens (MTN: 3600); tests make it short. */
  tokenExpiresInSeconds?: number;
  /** How long a request stays PENDING before its outcome. */
  resolveAfterMs?: number;
  /** "real" (the default): per reference id, sometimes twice, sometimes never (momoSandboxCallbackCount). */
  callbackBehaviour?: MomoCallbackBehaviour;
  /** `reason` of a FAILED status as today's code string, or as the { code, message } object of older API versions. */
  reasonFormat?: "string" | "object";
}

/** One call the sandbox received, for tests to inspect. `status` 0: the connection was cut without an answer. */
export interface MomoSandboxRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  status: number;
}

export interface MomoSandboxCallback {
  referenceId: string;
  url: string;
  body: Record<string, unknown>;
  /** The receiver's HTTP status, or the error when it could not be reached. */
  status?: number;
  error?: string;
}

/**
 * What the next matching call gets instead of its normal answer (once): of the operation `on` (any but the token call
 * when not given), and when `referenceId` is given, only a status call about that request.
 */
export type MomoSandboxFault = { on?: MomoSandboxOperation; referenceId?: string } & (
  | { kind: "status"; status: number; code?: string; message?: string }
  /** The request to pay or transfer is stored (MTN has it), then the connection is cut: the caller never sees the 202. */
  | { kind: "drop-after-accept" }
  /** The normal answer, this much later. */
  | { kind: "delay"; ms: number }
  /** A status call answers 404 whatever MTN holds (a request or transfer it has not recorded yet, in its own words). */
  | { kind: "not-found" }
);

type MomoSandboxOperation = "token" | "requesttopay" | "transfer" | "status";
type Product = "collection" | "disbursement";

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const NOTE_MAX = 160;
/** MTN refuses "unsupported special characters, for example an apostrophe" (400); these are the ones it is known for. */
const REFUSED_NOTE_CHARACTERS = /['"&<>]/;

type Outcome = { status: "PENDING" } | { status: "FAILED"; reason: string } | { status: "SUCCESSFUL" };

/** Transfers by payee (decision 100). */
const PAYOUT_OUTCOMES: Record<string, Outcome> = {
  [MOMO_PAYOUT_TEST_NUMBERS.payeeNotFound]: { status: "FAILED", reason: "PAYEE_NOT_FOUND" },
  [MOMO_PAYOUT_TEST_NUMBERS.notEnoughFunds]: { status: "FAILED", reason: "NOT_ENOUGH_FUNDS" },
  [MOMO_PAYOUT_TEST_NUMBERS.staysPending]: { status: "PENDING" },
};

const TEST_OUTCOMES: Record<string, Outcome> = {
  [MOMO_TEST_NUMBERS.notEnoughFunds]: { status: "FAILED", reason: "NOT_ENOUGH_FUNDS" },
  [MOMO_TEST_NUMBERS.approvalRejected]: { status: "FAILED", reason: "APPROVAL_REJECTED" },
  [MOMO_TEST_NUMBERS.payerNotFound]: { status: "FAILED", reason: "PAYER_NOT_FOUND" },
  [MOMO_TEST_NUMBERS.expired]: { status: "FAILED", reason: "EXPIRED" },
  [MOMO_TEST_NUMBERS.staysPending]: { status: "PENDING" },
  [MOMO_TEST_NUMBERS.payerLimitReached]: { status: "FAILED", reason: "PAYER_LIMIT_REACHED" },
  [MOMO_TEST_NUMBERS.notApprovedInTime]: { status: "FAILED", reason: "COULD_NOT_PERFORM_TRANSACTION" },
};

/**
 * How many callbacks a request gets once final. "real": fixed by the reference id's hash, so a test can pick its
 * case: a quarter never get one, a quarter get two at once, the rest one. Requests that stay PENDING get none.
 */
export function momoSandboxCallbackCount(referenceId: string, behaviour: MomoCallbackBehaviour = "real"): 0 | 1 | 2 {
  if (behaviour === "never") return 0;
  if (behaviour === "once") return 1;
  if (behaviour === "twice") return 2;
  const bucket = createHash("sha256").update(referenceId).digest()[0]! % 4;
  return bucket === 0 ? 0 : bucket === 1 ? 2 : 1;
}

interface StoredRequest {
  body: {
    amount: string;
    currency: string;
    externalId: string;
    payer?: { partyIdType: string; partyId: string };
    payee?: { partyIdType: string; partyId: string };
    payerMessage?: string;
    payeeNote?: string;
  };
  resolvesAt: number;
  outcome: Outcome;
  financialTransactionId: string;
}

export async function startMomoSandbox(options: MomoSandboxOptions = {}) {
  const subscriptionKey = options.subscriptionKey ?? randomBytes(16).toString("hex");
  const apiUser = options.apiUser ?? randomUUID();
  const apiKey = options.apiKey ?? randomBytes(16).toString("hex");
  const credentials: Record<Product, { subscriptionKey: string; apiUser: string; apiKey: string }> = {
    collection: { subscriptionKey, apiUser, apiKey },
    disbursement: {
      subscriptionKey: options.disbursement?.subscriptionKey ?? randomBytes(16).toString("hex"),
      apiUser: options.disbursement?.apiUser ?? randomUUID(),
      apiKey: options.disbursement?.apiKey ?? randomBytes(16).toString("hex"),
    },
  };
  const targetEnvironment = options.targetEnvironment ?? "sandbox";
  const currency = options.currency ?? "EUR";
  const tokenLifetimeMs = (options.tokenExpiresInSeconds ?? 3600) * 1000;
  const resolveAfterMs = options.resolveAfterMs ?? 1500;
  const callbackBehaviour = options.callbackBehaviour ?? "real";

  /** Each token's expiry and the product that issued it: a token of one product is refused by the other. */
  const tokens = new Map<string, { expiresAt: number; product: Product }>();
  const payments = new Map<string, StoredRequest>();
  const transfers = new Map<string, StoredRequest>();
  /** Transfer calls received per reference id, whatever their answer (a 409 included). */
  const transferCalls = new Map<string, number>();
  const requests: MomoSandboxRequest[] = [];
  const callbacks: MomoSandboxCallback[] = [];
  /** The callbacks of each request whose answer has gone out (none for some, as the callback behaviour decides). */
  const callbacksByRequest = new Map<string, MomoSandboxCallback[]>();
  /** Status calls received per reference id: MTN throttles them per merchant key, so tests count them. */
  const statusCalls = new Map<string, number>();
  const faults: MomoSandboxFault[] = [];
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

  function statusBody(referenceId: string, stored = payments) {
    const payment = stored.get(referenceId)!;
    const outcome: Outcome = Date.now() < payment.resolvesAt ? { status: "PENDING" } : payment.outcome;
    return {
      ...payment.body,
      ...(outcome.status === "SUCCESSFUL" ? { financialTransactionId: payment.financialTransactionId } : {}),
      status: outcome.status,
      ...(outcome.status === "FAILED"
        ? {
            reason:
              options.reasonFormat === "object" ? { code: outcome.reason, message: outcome.reason } : outcome.reason,
          }
        : {}),
    };
  }

  function sendCallbacks(referenceId: string, url: string) {
    // A timer may fire a millisecond before the clock reaches `resolvesAt`: the callback is the resolution.
    const payment = payments.get(referenceId)!;
    payment.resolvesAt = Math.min(payment.resolvesAt, Date.now());
    const body = statusBody(referenceId);
    const sent: MomoSandboxCallback[] = [];
    callbacksByRequest.set(referenceId, sent);
    for (let copy = 0; copy < momoSandboxCallbackCount(referenceId, callbackBehaviour); copy++) {
      const entry: MomoSandboxCallback = { referenceId, url, body };
      callbacks.push(entry);
      sent.push(entry);
      // MTN gives the receiver 2 seconds; copies go out together, as duplicates do on real networks.
      fetch(url, {
        method: "PUT",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
        signal: AbortSignal.any([closing.signal, AbortSignal.timeout(2000)]),
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
  const notFound: Answer = {
    status: 404,
    body: { code: "RESOURCE_NOT_FOUND", message: "Requested resource was not found." },
  };
  type Route = { operation: MomoSandboxOperation; product: Product; referenceId?: string; handle: () => Answer };

  function takeFault({ operation, referenceId }: Route) {
    const index = faults.findIndex(
      (fault) =>
        (fault.on ? fault.on === operation : operation !== "token") &&
        (fault.referenceId === undefined || fault.referenceId === referenceId),
    );
    return index === -1 ? undefined : faults.splice(index, 1)[0];
  }

  function route(request: IncomingMessage, path: string, body: string): Route | undefined {
    const product = /^\/(collection|disbursement)\//.exec(path)?.[1] as Product | undefined;
    if (!product) return undefined;
    if (request.method === "POST" && path === `/${product}/token/`) {
      return { operation: "token", product, handle: () => issueToken(request, product) };
    }
    if (request.method === "POST" && product === "collection" && path === "/collection/v1_0/requesttopay") {
      return { operation: "requesttopay", product, handle: () => create(request, body, "requesttopay") };
    }
    if (request.method === "POST" && product === "disbursement" && path === "/disbursement/v1_0/transfer") {
      const referenceId = String(request.headers["x-reference-id"] ?? "");
      transferCalls.set(referenceId, (transferCalls.get(referenceId) ?? 0) + 1);
      return { operation: "transfer", product, handle: () => create(request, body, "transfer") };
    }
    const status =
      product === "collection"
        ? /^\/collection\/v1_0\/requesttopay\/([^/]+)$/.exec(path)
        : /^\/disbursement\/v1_0\/transfer\/([^/]+)$/.exec(path);
    if (request.method === "GET" && status) {
      const referenceId = decodeURIComponent(status[1]!);
      const stored = product === "collection" ? payments : transfers;
      return {
        operation: "status",
        product,
        referenceId,
        handle: () => storedStatus(request, product, referenceId, stored),
      };
    }
    return undefined;
  }

  function issueToken(request: IncomingMessage, product: Product): Answer {
    const { apiUser, apiKey } = credentials[product];
    const expected = `Basic ${Buffer.from(`${apiUser}:${apiKey}`).toString("base64")}`;
    if (request.headers.authorization !== expected) return { status: 401, body: { error: "login_failed" } };
    const token = randomBytes(24).toString("base64url");
    tokens.set(token, { expiresAt: Date.now() + tokenLifetimeMs, product });
    return {
      status: 200,
      body: { access_token: token, token_type: "access_token", expires_in: tokenLifetimeMs / 1000 },
    };
  }

  /** Bearer token (of this product) and target environment, as every call needs; undefined when they pass. */
  function checkCaller(request: IncomingMessage, product: Product): Answer | undefined {
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
    const issued = bearer ? tokens.get(bearer) : undefined;
    if (!issued || issued.expiresAt <= Date.now() || issued.product !== product) {
      return { status: 401, body: { statusCode: 401, message: "Access token is missing, invalid or expired." } };
    }
    const environment = request.headers["x-target-environment"];
    if (!environment) return { status: 400, body: { message: "X-Target-Environment is required." } };
    if (environment !== targetEnvironment) {
      return {
        status: 500,
        body: { code: "NOT_ALLOWED_TARGET_ENVIRONMENT", message: "Access to target environment is forbidden." },
      };
    }
    return undefined;
  }

  /**
   * A request to pay, or a transfer out of our account (decision 100): checked alike, a transfer's payee for the payer.
   * Only requests to pay call back (Waterside asks for no callback about transfers).
   */
  function create(request: IncomingMessage, text: string, operation: "requesttopay" | "transfer"): Answer {
    const [product, partyKey, stored, outcomes] =
      operation === "requesttopay"
        ? (["collection", "payer", payments, TEST_OUTCOMES] as const)
        : (["disbursement", "payee", transfers, PAYOUT_OUTCOMES] as const);
    const refused = checkCaller(request, product);
    if (refused) return refused;
    const referenceId = String(request.headers["x-reference-id"] ?? "");
    if (!UUID_V4.test(referenceId)) return { status: 400, body: { message: "X-Reference-Id must be a UUID v4." } };
    const callbackUrl = request.headers["x-callback-url"];
    if (callbackUrl !== undefined && !/^https?:\/\/[^\s/]+/.test(String(callbackUrl))) {
      return { status: 400, body: { message: "X-Callback-Url must be an http(s) URL." } };
    }
    let body: StoredRequest["body"];
    try {
      body = JSON.parse(text) as StoredRequest["body"];
    } catch {
      return { status: 400, body: { message: "The body must be JSON." } };
    }
    const invalid = invalidBody(body, partyKey);
    if (invalid) return { status: 400, body: { message: invalid } };
    if (body.currency !== currency) {
      return { status: 500, body: { code: "INVALID_CURRENCY", message: "Currency not supported." } };
    }
    if (stored.has(referenceId)) {
      return {
        status: 409,
        body: { code: "RESOURCE_ALREADY_EXIST", message: "Duplicated reference id. Creation of resource failed." },
      };
    }
    const party = { partyIdType: body[partyKey]!.partyIdType, partyId: body[partyKey]!.partyId };
    const outcome = outcomes[party.partyId] ?? { status: "SUCCESSFUL" };
    stored.set(referenceId, {
      body: {
        amount: body.amount,
        currency: body.currency,
        externalId: body.externalId,
        ...(partyKey === "payer" ? { payer: party } : { payee: party }),
        payerMessage: body.payerMessage,
        payeeNote: body.payeeNote,
      },
      resolvesAt: outcome.status === "PENDING" ? Infinity : Date.now() + resolveAfterMs,
      outcome,
      financialTransactionId: String(randomInt(100_000_000, 999_999_999)),
    });
    if (operation === "requesttopay" && callbackUrl && outcome.status !== "PENDING") {
      later(resolveAfterMs, () => sendCallbacks(referenceId, String(callbackUrl)));
    }
    return operation === "transfer" && party.partyId === MOMO_PAYOUT_TEST_NUMBERS.answerLost ? "drop" : { status: 202 };
  }

  function storedStatus(
    request: IncomingMessage,
    product: Product,
    referenceId: string,
    stored: Map<string, StoredRequest>,
  ): Answer {
    const refused = checkCaller(request, product);
    if (refused) return refused;
    if (!UUID_V4.test(referenceId)) return { status: 400, body: { message: "The reference id must be a UUID v4." } };
    if (!stored.has(referenceId)) return notFound;
    return { status: 200, body: statusBody(referenceId, stored) };
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const body = await readBody(request);
    const path = new URL(request.url ?? "/", "http://sandbox").pathname;
    const entry: MomoSandboxRequest = { method: request.method ?? "", path, headers: request.headers, body, status: 0 };
    requests.push(entry);
    const reply = (answer: Answer) => {
      if (answer === "drop") {
        request.socket.destroy();
        return;
      }
      entry.status = answer.status;
      const json = answer.body === undefined ? "" : JSON.stringify(answer.body);
      response.writeHead(answer.status, json ? { "Content-Type": "application/json" } : {});
      response.end(json);
    };

    const found = route(request, path, body);
    // Counted on arrival, whatever the answer: each one spends the merchant's allowance at MTN.
    if (found?.referenceId !== undefined) {
      statusCalls.set(found.referenceId, (statusCalls.get(found.referenceId) ?? 0) + 1);
    }
    // The API gateway checks the product's key before anything else.
    const key = found ? credentials[found.product].subscriptionKey : subscriptionKey;
    if (request.headers["ocp-apim-subscription-key"] !== key) {
      return reply({
        status: 401,
        body: {
          statusCode: 401,
          message:
            "Access denied due to invalid subscription key. Make sure to provide a valid key for an active subscription.",
        },
      });
    }
    if (!found) return reply({ status: 404, body: { statusCode: 404, message: "Resource not found" } });
    const fault = takeFault(found);
    if (fault?.kind === "status") {
      return reply({ status: fault.status, body: { code: fault.code, message: fault.message ?? "Injected fault" } });
    }
    if (fault?.kind === "delay") return later(fault.ms, () => reply(found.handle()));
    if (fault?.kind === "not-found" && found.operation === "status") return reply(notFound);
    const answer = found.handle();
    reply(fault?.kind === "drop-after-accept" && answer !== "drop" && answer.status === 202 ? "drop" : answer);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { "Content-Type": "application/json" });
      response.end(JSON.stringify({ code: "INTERNAL_PROCESSING_ERROR", message: String(error) }));
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
    /** Settings for createMomoClient against this sandbox; add callbackUrl to receive callbacks. */
    clientConfig: { baseUrl: url, subscriptionKey, apiUser, apiKey, targetEnvironment, currency } satisfies MomoConfig,
    /** Settings for createMomoDisbursementClient against this sandbox: the Disbursement product's credentials. */
    disbursementConfig: {
      baseUrl: url,
      ...credentials.disbursement,
      targetEnvironment,
      currency,
    } satisfies MomoConfig,
    /** Every call received, oldest first. */
    requests,
    /** Every callback sent, with the receiver's answer once it came. */
    callbacks,
    /**
     * The callbacks of this request once its answer has gone out, all at once (an empty list when it gets none);
     * undefined before, and for good when it has no X-Callback-Url or stays pending. Once each has its receiver's
     * answer, no further callback about the request will come.
     */
    callbacksOf(referenceId: string): readonly MomoSandboxCallback[] | undefined {
      return callbacksByRequest.get(referenceId);
    },
    /** How many status calls (`GET /collection/v1_0/requesttopay/{referenceId}`) arrived for this reference id. */
    statusCalls(referenceId: string) {
      return statusCalls.get(referenceId) ?? 0;
    },
    /**
     * What a status call would answer now (PENDING, SUCCESSFUL or FAILED) without being one, so a test can wait for
     * the payer's answer without spending MTN's allowance; undefined when no request has this reference id.
     */
    statusOf(referenceId: string) {
      return payments.has(referenceId) ? statusBody(referenceId).status : undefined;
    },
    /** How many transfers were made to this payee (digits with the country code): the money that left for them. */
    transfersTo(phone: string) {
      return [...transfers.values()].filter((stored) => stored.body.payee?.partyId === phone).length;
    },
    /** How many transfer calls (`POST /disbursement/v1_0/transfer`) arrived with this X-Reference-Id, 409s included. */
    transferCalls(referenceId: string) {
      return transferCalls.get(referenceId) ?? 0;
    },
    /** What a transfer's status call would answer now, without being one; undefined for an unknown reference id. */
    transferStatusOf(referenceId: string) {
      return transfers.has(referenceId) ? statusBody(referenceId, transfers).status : undefined;
    },
    /** Makes every issued token unknown, as when MTN restarts or revokes: the next calls get 401. */
    revokeTokens() {
      tokens.clear();
    },
    /** The next matching call gets this fault instead of its normal answer. */
    failNext(fault: MomoSandboxFault) {
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

export type MomoSandbox = Awaited<ReturnType<typeof startMomoSandbox>>;

/** What MTN checks in a request to pay's or a transfer's body; the refusal's message, or undefined when it passes. */
function invalidBody(body: unknown, partyKey: "payer" | "payee"): string | undefined {
  if (typeof body !== "object" || body === null) return "The body must be a JSON object.";
  const { amount, currency, externalId, payerMessage, payeeNote } = body as Record<string, unknown>;
  const payer = (body as Record<string, unknown>)[partyKey];
  if (typeof amount !== "string" || !/^\d+(\.\d{1,2})?$/.test(amount) || !(Number(amount) > 0)) {
    return "amount must be a positive number in a string.";
  }
  if (typeof currency !== "string" || !/^[A-Z]{3}$/.test(currency)) return "currency must be an ISO 4217 code.";
  if (externalId !== undefined && typeof externalId !== "string") return "externalId must be a string.";
  const party = (typeof payer === "object" && payer !== null ? payer : {}) as Record<string, unknown>;
  if (party.partyIdType !== "MSISDN") return `${partyKey}.partyIdType must be MSISDN.`;
  if (typeof party.partyId !== "string" || !/^\d{8,15}$/.test(party.partyId)) {
    return `${partyKey}.partyId must be an MSISDN: digits with the country code.`;
  }
  for (const [name, note] of [
    ["payerMessage", payerMessage],
    ["payeeNote", payeeNote],
  ] as const) {
    if (note === undefined) continue;
    if (typeof note !== "string") return `${name} must be a string.`;
    if (note.length > NOTE_MAX) return `${name} must be at most ${NOTE_MAX} characters.`;
    if (REFUSED_NOTE_CHARACTERS.test(note)) return `${name} contains unsupported characters.`;
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

// Standalone: `node --import tsx apps/api/src/lib/momo-sandbox.ts` prints the MOMO_* settings that point at it.
// Its own name too: in the bundled server (apps/api/dist/server.js) every module has the entry's URL (decision 094).
if (
  process.argv[1] &&
  import.meta.url.endsWith("/momo-sandbox.ts") &&
  import.meta.url === pathToFileURL(process.argv[1]).href
) {
  const sandbox = await startMomoSandbox({
    port: Number(process.env.MOMO_SANDBOX_PORT ?? 8089),
    host: process.env.MOMO_SANDBOX_HOST ?? "127.0.0.1",
    subscriptionKey: process.env.MOMO_SUBSCRIPTION_KEY ?? "local-sandbox-subscription-key",
    apiUser: process.env.MOMO_API_USER ?? "3f2c6b1e-8d4a-4c5e-9b7f-1a2d3e4f5a6b",
    apiKey: process.env.MOMO_API_KEY ?? "local-sandbox-api-key",
    currency: process.env.MOMO_CURRENCY ?? "USD",
    disbursement: {
      subscriptionKey: process.env.MOMO_DISBURSEMENT_SUBSCRIPTION_KEY ?? "local-sandbox-disbursement-key",
      apiUser: process.env.MOMO_DISBURSEMENT_API_USER ?? "7a1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
      apiKey: process.env.MOMO_DISBURSEMENT_API_KEY ?? "local-sandbox-disbursement-api-key",
    },
  });
  const { baseUrl, subscriptionKey, apiUser, apiKey, targetEnvironment, currency } = sandbox.clientConfig;
  const disbursement = sandbox.disbursementConfig;
  process.stdout.write(
    [
      `MoMo sandbox listening on ${sandbox.url}. Point Waterside at it with:`,
      `MOMO_BASE_URL=${baseUrl} MOMO_SUBSCRIPTION_KEY=${subscriptionKey} MOMO_API_USER=${apiUser} \\`,
      `MOMO_API_KEY=${apiKey} MOMO_TARGET_ENVIRONMENT=${targetEnvironment} MOMO_CURRENCY=${currency} \\`,
      `MOMO_DISBURSEMENT_SUBSCRIPTION_KEY=${disbursement.subscriptionKey} \\`,
      `MOMO_DISBURSEMENT_API_USER=${disbursement.apiUser} MOMO_DISBURSEMENT_API_KEY=${disbursement.apiKey}`,
      "",
    ].join("\n"),
  );
  const stop = () => void sandbox.close().then(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}
