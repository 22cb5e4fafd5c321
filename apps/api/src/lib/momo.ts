/**
 * MTN Mobile Money, Collections product, as MTN's Open API documents it (momodeveloper.mtn.com):
 *
 * - `POST /collection/token/` with Basic auth (API user and key) gives a bearer token with an expiry;
 * - `POST /collection/v1_0/requesttopay` asks the payer to approve a payment on their phone and answers 202; our
 *   `X-Reference-Id` (a UUID v4) is the payment's identity at MTN, `externalId` is only a label and need not be unique;
 * - `GET /collection/v1_0/requesttopay/{referenceId}` tells PENDING, SUCCESSFUL or FAILED (with a reason), with 200
 *   even for a failed payment; 404 means MTN never accepted the request.
 *
 * The Disbursement product pays out of our account the same way (decision 100), under its own subscription key, API user
 * and key (MTN issues them per product) on the same host, environment and currency:
 *
 * - `POST /disbursement/token/` as above;
 * - `POST /disbursement/v1_0/transfer` sends money to a payee and answers 202; our `X-Reference-Id` is the transfer's
 *   identity at MTN, and the same id again answers 409: MTN has that transfer already, so it is never made twice;
 * - `GET /disbursement/v1_0/transfer/{referenceId}` tells PENDING, SUCCESSFUL or FAILED (with a reason such as
 *   PAYEE_NOT_FOUND or NOT_ENOUGH_FUNDS, our account's balance); 404 means MTN never accepted the transfer.
 *
 * Every call carries the product's `Ocp-Apim-Subscription-Key`. The client retries nothing on its own except once
 * after a 401 with a fresh token; callers (the payments reconciler) decide when to try again from `MomoError.retryable`.
 */

export interface MomoConfig {
  /** https://sandbox.momodeveloper.mtn.com, MTN's production host, or the local sandbox. */
  baseUrl: string;
  /** The product's Ocp-Apim-Subscription-Key (Collections, or Disbursement for a disbursement client). */
  subscriptionKey: string;
  /** API user (a UUID) and API key: Basic auth of the token call. */
  apiUser: string;
  apiKey: string;
  /** X-Target-Environment: "sandbox" on MTN's sandbox, e.g. "mtnliberia" in production. */
  targetEnvironment: string;
  /** ISO 4217 code of the MTN account (MTN's sandbox accepts only EUR). */
  currency: string;
  /** Where MTN sends the final result (X-Callback-Url). Unset: no callback is asked for, statuses are polled. */
  callbackUrl?: string;
}

export interface MomoClientOptions {
  fetch?: typeof globalThis.fetch;
  /** Milliseconds since the epoch; tests move it to expire the cached token. */
  now?: () => number;
  /** Each HTTP call is abandoned after this long (MomoError TIMEOUT, retryable). */
  timeoutMs?: number;
  /** A token is renewed this long before MTN says it expires (at most half its lifetime). */
  tokenRenewMarginMs?: number;
}

export interface MomoParty {
  partyIdType: string;
  partyId: string;
}

export interface RequestToPayInput {
  /** UUID v4, ours, kept with the payment: the key of the request at MTN and of every status check. */
  referenceId: string;
  /** In the account's currency: a number or a decimal string with at most 2 decimals ("25", "25.5", "25.50"). */
  amount: number | string;
  /** Our label for MTN's reports (e.g. the payment id); MTN does not require it to be unique. */
  externalId: string;
  /** MSISDN with the country code, digits only (e.g. 231881234567). */
  phone: string;
  /** Shown in the payer's history; cleaned with cleanMomoNote. */
  payerMessage: string;
  /** Shown in our account's history; cleaned with cleanMomoNote. */
  payeeNote: string;
}

export interface RequestToPayResult {
  referenceId: string;
  /**
   * True when MTN answered 409: it already holds a request with this reference id. Reference ids are UUIDs made once
   * per payment, so this is our own earlier attempt whose 202 was lost (a timeout, a dropped connection): the payment
   * goes on as accepted, and its status call tells the outcome.
   */
  duplicate: boolean;
}

export type MomoFinalStatus = "PENDING" | "SUCCESSFUL" | "FAILED";

/** What MTN's status calls say of a request to pay or of a transfer. */
interface MomoStatusBody {
  status: MomoFinalStatus;
  /** MTN's reason code for a FAILED request (e.g. NOT_ENOUGH_FUNDS); words for it: momoReasonText. */
  reason?: string;
  /** MTN's id of the money movement, on SUCCESSFUL. */
  financialTransactionId?: string;
  amount: string;
  currency: string;
  externalId: string;
}

export type RequestToPayStatus = { status: "NOT_FOUND" } | (MomoStatusBody & { payer: MomoParty });

export interface TransferInput {
  /** UUID v4, ours, kept with the payout before MTN hears of it: the key of the transfer at MTN. */
  referenceId: string;
  /** In the account's currency, as for requestToPay. */
  amount: number | string;
  /** Our label for MTN's reports; need not be unique. */
  externalId: string;
  /** The payee's MSISDN with the country code, digits only. */
  phone: string;
  /** Shown in our account's history (MTN calls it the payer's message); cleaned with cleanMomoNote. */
  payerMessage: string;
  /** Shown in the payee's history; cleaned with cleanMomoNote. */
  payeeNote: string;
}

export interface TransferResult {
  referenceId: string;
  /** True when MTN answered 409: it holds a transfer with this reference id already, our own earlier one. */
  duplicate: boolean;
}

export type TransferStatus = { status: "NOT_FOUND" } | (MomoStatusBody & { payee: MomoParty });

export type MomoOperation = "token" | "requesttopay" | "transfer" | "status";

/**
 * A call that did not give an answer the caller can use. `status` is the HTTP status (none for a timeout or a network
 * failure); `code` is MTN's error code when it sent one (e.g. PAYER_NOT_FOUND, INVALID_CURRENCY, login_failed), else
 * TIMEOUT, NETWORK_ERROR, INVALID_RESPONSE, INVALID_REQUEST or HTTP_<status>. `retryable`: trying again later with the
 * same reference id may succeed (timeouts, network failures, 408, 429, 5xx but MTN's configuration and payer codes);
 * otherwise the answer is final (4xx, bad settings, a payer MTN does not know).
 */
export class MomoError extends Error {
  override name = "MomoError";
  constructor(
    message: string,
    readonly operation: MomoOperation,
    readonly code: string,
    readonly retryable: boolean,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** MTN answers these with HTTP 500, but trying again changes nothing: settings or the payer's account are wrong. */
const FINAL_SERVER_CODES = new Set([
  "NOT_ALLOWED",
  "NOT_ALLOWED_TARGET_ENVIRONMENT",
  "INVALID_CALLBACK_URL_HOST",
  "INVALID_CURRENCY",
  "PAYER_NOT_FOUND",
  "PAYEE_NOT_FOUND",
  "PAYEE_NOT_ALLOWED_TO_RECEIVE",
  "NOT_ENOUGH_FUNDS",
  "PAYER_LIMIT_REACHED",
  "SENDER_ACCOUNT_NOT_ACTIVE",
]);

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** MTN refuses an X-Reference-Id that is not a UUID version 4 (400). */
export function isMomoReferenceId(value: string): boolean {
  return UUID_V4.test(value);
}

export const MOMO_NOTE_MAX = 160;
const MOMO_NOTE_FALLBACK = "Waterside payment";

/**
 * payerMessage and payeeNote as MTN accepts them: MTN refuses the request (400) for more than 160 characters or
 * "unsupported special characters, for example an apostrophe". It lists no allowed set, so only plain letters,
 * digits, spaces and . , : ; - _ / ( ) # + are kept: accents are taken off letters, anything else (quotes, &, <, >,
 * %, emoji) is removed, spaces are collapsed, and the text is cut at 160. Never empty: `fallback` then.
 */
export function cleanMomoNote(text: string, fallback = MOMO_NOTE_FALLBACK): string {
  const cleaned = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9 .,:;\-_/()#+\s]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, MOMO_NOTE_MAX)
    .trimEnd();
  return cleaned || (fallback ? cleanMomoNote(fallback, "") : MOMO_NOTE_FALLBACK);
}

/** "25" for 25, "25.50" for 25.5: MTN takes the amount as a string; whole amounts go without decimals. */
export function formatMomoAmount(
  amount: number | string,
  operation: "requesttopay" | "transfer" = "requesttopay",
): string {
  const text = typeof amount === "number" ? String(amount) : amount.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(text) || Number(text) <= 0) {
    throw new MomoError(
      `MoMo amount must be more than 0 with at most 2 decimals (got ${JSON.stringify(amount)})`,
      operation,
      "INVALID_REQUEST",
      false,
    );
  }
  const value = Number(text);
  return Number.isInteger(value) ? String(value) : value.toFixed(2);
}

export type MomoClient = ReturnType<typeof createMomoClient>;
export type MomoDisbursementClient = ReturnType<typeof createMomoDisbursementClient>;

/** Which of MTN's products a client speaks: each has its own path, subscription key and API user. */
type MomoProduct = "collection" | "disbursement";

/** The calls every product shares: its token, cached and renewed, and authorized calls with it. */
function momoProduct(product: MomoProduct, config: MomoConfig, options: MomoClientOptions) {
  const fetch = options.fetch ?? globalThis.fetch;
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const renewMarginMs = options.tokenRenewMarginMs ?? 60_000;
  const baseUrl = config.baseUrl.replace(/\/+$/, "");

  let cached: { token: string; renewAt: number } | undefined;
  let pending: Promise<string> | undefined;

  async function call(operation: MomoOperation, path: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(`${baseUrl}${path}`, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw transportError(operation, error);
    }
  }

  async function readJson(operation: MomoOperation, response: Response): Promise<unknown> {
    try {
      return await response.json();
    } catch (error) {
      if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) {
        throw transportError(operation, error);
      }
      throw new MomoError(
        `MoMo ${operation}: the ${response.status} answer is not JSON`,
        operation,
        "INVALID_RESPONSE",
        true,
      );
    }
  }

  async function fetchToken(): Promise<string> {
    const basic = Buffer.from(`${config.apiUser}:${config.apiKey}`).toString("base64");
    // No body: MTN refuses one on the token call.
    const response = await call("token", `/${product}/token/`, {
      method: "POST",
      headers: { Authorization: `Basic ${basic}`, "Ocp-Apim-Subscription-Key": config.subscriptionKey },
    });
    if (response.status !== 200) throw await answerError("token", response);
    const body = (await readJson("token", response)) as { access_token?: unknown; expires_in?: unknown };
    const expiresInMs = Number(body.expires_in) * 1000;
    if (typeof body.access_token !== "string" || !body.access_token || !(expiresInMs > 0)) {
      throw new MomoError(
        "MoMo token: the answer has no access_token or expires_in",
        "token",
        "INVALID_RESPONSE",
        true,
      );
    }
    cached = { token: body.access_token, renewAt: now() + expiresInMs - Math.min(renewMarginMs, expiresInMs / 2) };
    return body.access_token;
  }

  /** The cached token while it is fresh; otherwise one token call, shared by everyone who asks meanwhile. */
  function token(): Promise<string> {
    if (cached && now() < cached.renewAt) return Promise.resolve(cached.token);
    pending ??= fetchToken().finally(() => {
      pending = undefined;
    });
    return pending;
  }

  /** A call with the bearer token; on 401 the token is dropped and the call made once more with a fresh one. */
  async function authorized(operation: MomoOperation, path: string, init: RequestInit): Promise<Response> {
    for (let attempt = 1; ; attempt++) {
      const bearer = await token();
      const response = await call(operation, path, {
        ...init,
        headers: {
          ...(init.headers as Record<string, string>),
          Authorization: `Bearer ${bearer}`,
          "X-Target-Environment": config.targetEnvironment,
          "Ocp-Apim-Subscription-Key": config.subscriptionKey,
        },
      });
      if (response.status !== 401 || attempt === 2) return response;
      await response.body?.cancel();
      if (cached?.token === bearer) cached = undefined;
    }
  }

  /**
   * Creates a request to pay or a transfer under our reference id: resolves once MTN holds it (202), or already held
   * it (409, our own earlier call whose answer was lost).
   */
  async function create(
    operation: "requesttopay" | "transfer",
    input: { referenceId: string; amount: number | string; externalId: string; phone: string },
    party: "payer" | "payee",
    notes: { payerMessage: string; payeeNote: string },
  ): Promise<{ referenceId: string; duplicate: boolean }> {
    if (!isMomoReferenceId(input.referenceId)) {
      throw new MomoError(
        `MoMo ${operation}: the reference id must be a UUID v4 (got ${JSON.stringify(input.referenceId)})`,
        operation,
        "INVALID_REQUEST",
        false,
      );
    }
    const phone = input.phone.replace(/^\+/, "");
    if (!/^\d{8,15}$/.test(phone)) {
      throw new MomoError(
        `MoMo ${operation}: the phone must be an MSISDN with its country code (got ${JSON.stringify(input.phone)})`,
        operation,
        "INVALID_REQUEST",
        false,
      );
    }
    const body = {
      amount: formatMomoAmount(input.amount, operation),
      currency: config.currency,
      externalId: input.externalId,
      [party]: { partyIdType: "MSISDN", partyId: phone },
      payerMessage: cleanMomoNote(notes.payerMessage),
      payeeNote: cleanMomoNote(notes.payeeNote),
    };
    const response = await authorized(operation, `/${product}/v1_0/${operation}`, {
      method: "POST",
      headers: {
        "X-Reference-Id": input.referenceId,
        "Content-Type": "application/json",
        ...(config.callbackUrl ? { "X-Callback-Url": config.callbackUrl } : {}),
      },
      body: JSON.stringify(body),
    });
    if (response.status === 202 || response.status === 409) {
      await response.body?.cancel();
      return { referenceId: input.referenceId, duplicate: response.status === 409 };
    }
    throw await answerError(operation, response);
  }

  /** Where a request or transfer stands at MTN: undefined for NOT_FOUND (MTN never accepted it), else its body. */
  async function statusOf(operation: "requesttopay" | "transfer", referenceId: string): Promise<unknown> {
    if (!isMomoReferenceId(referenceId)) {
      throw new MomoError(
        `MoMo status: the reference id must be a UUID v4 (got ${JSON.stringify(referenceId)})`,
        "status",
        "INVALID_REQUEST",
        false,
      );
    }
    const response = await authorized("status", `/${product}/v1_0/${operation}/${referenceId}`, { method: "GET" });
    if (response.status === 404) {
      await response.body?.cancel();
      return undefined;
    }
    if (response.status !== 200) throw await answerError("status", response);
    return readJson("status", response);
  }

  return { create, statusOf };
}

/** MTN's Collections product: requests to pay (decision 048). */
export function createMomoClient(config: MomoConfig, options: MomoClientOptions = {}) {
  const collection = momoProduct("collection", config, options);
  return {
    /** Asks the payer to approve the payment on their phone. Resolves once MTN holds the request (202, or 409). */
    requestToPay(input: RequestToPayInput): Promise<RequestToPayResult> {
      return collection.create("requesttopay", input, "payer", input);
    },

    /** Where the request stands at MTN. NOT_FOUND: MTN never accepted it (no 202), so nobody was charged. */
    async getRequestToPayStatus(referenceId: string): Promise<RequestToPayStatus> {
      const body = await collection.statusOf("requesttopay", referenceId);
      if (body === undefined) return { status: "NOT_FOUND" };
      const { party, ...status } = parseStatus(body, "payer");
      return { ...status, payer: party };
    },
  };
}

/**
 * MTN's Disbursement product: transfers out of our account to a payee (decision 100). `config` carries the
 * Disbursement product's subscription key, API user and key; host, environment and currency are the account's.
 */
export function createMomoDisbursementClient(config: MomoConfig, options: MomoClientOptions = {}) {
  const disbursement = momoProduct("disbursement", config, options);
  return {
    /** Sends the money. Resolves once MTN holds the transfer (202), or held it already (409): never two transfers. */
    transfer(input: TransferInput): Promise<TransferResult> {
      return disbursement.create("transfer", input, "payee", input);
    },

    /** Where the transfer stands at MTN. NOT_FOUND: MTN never accepted it, so nothing was sent. */
    async getTransferStatus(referenceId: string): Promise<TransferStatus> {
      const body = await disbursement.statusOf("transfer", referenceId);
      if (body === undefined) return { status: "NOT_FOUND" };
      const { party, ...status } = parseStatus(body, "payee");
      return { ...status, payee: party };
    },
  };
}

/**
 * MTN's status body, of a request to pay (its `payer`) or a transfer (its `payee`). `reason` is a code string today
 * and was an object { code, message } in older versions; both give the code. Statuses other than the documented three
 * are read conservatively: a refusal or a timeout is FAILED, and anything unknown stays PENDING, so the reconciler asks
 * again rather than settling on a guess.
 */
function parseStatus(value: unknown, partyKey: "payer" | "payee"): MomoStatusBody & { party: MomoParty } {
  if (typeof value !== "object" || value === null) {
    throw new MomoError("MoMo status: the answer is not an object", "status", "INVALID_RESPONSE", true);
  }
  const body = value as Record<string, unknown>;
  const raw = typeof body.status === "string" ? body.status.toUpperCase() : "";
  let reason = reasonCode(body.reason);
  let status: MomoFinalStatus;
  if (raw === "SUCCESSFUL" || raw === "FAILED" || raw === "PENDING") status = raw;
  else if (raw === "REJECTED") [status, reason] = ["FAILED", reason ?? "APPROVAL_REJECTED"];
  else if (raw === "TIMEOUT" || raw === "EXPIRED") [status, reason] = ["FAILED", reason ?? "EXPIRED"];
  else status = "PENDING";
  const party = (typeof body[partyKey] === "object" && body[partyKey] !== null ? body[partyKey] : {}) as Record<
    string,
    unknown
  >;
  return {
    status,
    ...(status === "FAILED" && reason ? { reason } : {}),
    ...(body.financialTransactionId != null && body.financialTransactionId !== ""
      ? { financialTransactionId: String(body.financialTransactionId) }
      : {}),
    amount: String(body.amount ?? ""),
    currency: String(body.currency ?? ""),
    externalId: String(body.externalId ?? ""),
    party: { partyIdType: String(party.partyIdType ?? ""), partyId: String(party.partyId ?? "") },
  };
}

function reasonCode(reason: unknown): string | undefined {
  if (typeof reason === "string") return reason || undefined;
  if (typeof reason === "object" && reason !== null && typeof (reason as { code?: unknown }).code === "string") {
    return (reason as { code: string }).code || undefined;
  }
  return undefined;
}

/** An HTTP answer that is not the expected one, with MTN's code and message when its body carries them. */
async function answerError(operation: MomoOperation, response: Response): Promise<MomoError> {
  const text = await response.text().catch(() => "");
  let code: string | undefined;
  let message: string | undefined;
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    // MTN's errors: { code, message }; the token call: { error }; the API gateway: { statusCode, message }.
    code = [body.code, body.error].find((entry): entry is string => typeof entry === "string" && entry !== "");
    message = typeof body.message === "string" ? body.message : undefined;
  } catch {
    message = text.slice(0, 200) || undefined;
  }
  const status = response.status;
  const retryable = status === 408 || status === 429 || (status >= 500 && !(code && FINAL_SERVER_CODES.has(code)));
  return new MomoError(
    `MoMo ${operation} answered ${status}${code ? ` ${code}` : ""}${message ? `: ${message}` : ""}`,
    operation,
    code ?? `HTTP_${status}`,
    retryable,
    status,
  );
}

function transportError(operation: MomoOperation, error: unknown): MomoError {
  if (error instanceof MomoError) return error;
  const timeout = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
  const detail =
    error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
  return new MomoError(
    timeout ? `MoMo ${operation}: no answer in time` : `MoMo ${operation}: ${detail}`,
    operation,
    timeout ? "TIMEOUT" : "NETWORK_ERROR",
    true,
  );
}
