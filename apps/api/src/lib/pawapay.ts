/**
 * pawaPay's Merchant API v2, Deposits, as docs.pawapay.io documents it (decision 085): one API in front of Africa's
 * mobile-money operators, Orange Money Liberia among them.
 *
 * - `POST /v2/deposits` asks the operator to prompt the payer for their PIN. The `depositId` is a UUID v4 we make and
 *   keep before asking; the call is idempotent: the same id again answers `DUPLICATE_IGNORED`. It answers 200 with
 *   `ACCEPTED`, or `REJECTED` with a `failureReason` ({ failureCode, failureMessage }) when it will not try.
 * - `GET /v2/deposits/{depositId}` answers `{ status: "NOT_FOUND" }` (pawaPay never accepted it: nobody is charged),
 *   or `{ status: "FOUND", data: deposit }` whose status is ACCEPTED, PROCESSING, IN_RECONCILIATION, COMPLETED or
 *   FAILED (with a failureReason).
 * - When a deposit is final pawaPay POSTs it to the callback URL set in its dashboard (not per request).
 *
 * Payouts (decision 100) send money from our pawaPay wallet to a recipient the same way: `POST /v2/payouts` with our
 * UUID v4 `payoutId` and `recipient` for `payer` (idempotent: DUPLICATE_IGNORED; REJECTED with a failureReason, e.g.
 * PAWAPAY_WALLET_OUT_OF_FUNDS when our wallet is short), and `GET /v2/payouts/{payoutId}`: NOT_FOUND, or FOUND with
 * ACCEPTED, ENQUEUED, PROCESSING, IN_RECONCILIATION, COMPLETED or FAILED (e.g. RECIPIENT_NOT_FOUND).
 *
 * Every call carries `Authorization: Bearer <API token>`. The client retries nothing; callers decide from
 * `PawapayError.retryable`.
 */

export interface PawapayConfig {
  /** https://api.sandbox.pawapay.io, https://api.pawapay.io, or the local sandbox. */
  baseUrl: string;
  /** The API token made in pawaPay's dashboard (System configuration › API tokens). */
  apiToken: string;
  /** pawaPay's code of the operator, e.g. ORANGE_LBR. */
  provider: string;
  /** ISO 4217 codes the account takes with this operator (USD, LRD). */
  currencies: readonly string[];
  /** Where pawaPay's dashboard sends the final results (informational here: pawaPay takes it from the dashboard). */
  callbackUrl?: string;
}

export interface PawapayClientOptions {
  fetch?: typeof globalThis.fetch;
  /** Each HTTP call is abandoned after this long (PawapayError TIMEOUT, retryable). */
  timeoutMs?: number;
}

export interface DepositInput {
  /** UUID v4, ours, kept with the payment before pawaPay hears of it. */
  depositId: string;
  amount: number | string;
  currency: string;
  /** MSISDN with the country code, digits only (231770123456). */
  phone: string;
  /** Shown to the payer: cleaned to pawaPay's 4 to 22 letters, digits and spaces (cleanCustomerMessage). */
  customerMessage: string;
}

export type DepositStatus =
  | { status: "NOT_FOUND" }
  | {
      status: "ACCEPTED" | "PROCESSING" | "IN_RECONCILIATION" | "COMPLETED" | "FAILED" | string;
      amount: string;
      currency: string;
      /** The operator's transaction id, on a COMPLETED deposit. */
      providerTransactionId?: string;
      /** pawaPay's failureCode of a FAILED deposit (e.g. INSUFFICIENT_BALANCE). */
      failureCode?: string;
    };

export interface PayoutInput {
  /** UUID v4, ours, kept with the payout before pawaPay hears of it. */
  payoutId: string;
  amount: number | string;
  currency: string;
  /** The recipient's MSISDN with the country code, digits only. */
  phone: string;
  /** Shown to the recipient: cleaned to pawaPay's 4 to 22 letters, digits and spaces. */
  customerMessage: string;
}

/** A payout at pawaPay: as a deposit's status, with the same fields. */
export type PayoutStatus = DepositStatus;

export type PawapayOperation = "deposit" | "payout" | "status";

/**
 * A call without a usable answer. `code` is pawaPay's failureCode when it sent one (REJECTED on initiation:
 * INVALID_PHONE_NUMBER, AMOUNT_OUT_OF_BOUNDS …; technical: NO_AUTHENTICATION, INVALID_INPUT …), else TIMEOUT,
 * NETWORK_ERROR, INVALID_RESPONSE, INVALID_REQUEST or HTTP_<status>. `retryable`: trying again later with the same
 * depositId may work (timeouts, network failures, 408, 429, 5xx); otherwise the answer is final.
 */
export class PawapayError extends Error {
  override name = "PawapayError";
  constructor(
    message: string,
    readonly operation: PawapayOperation,
    readonly code: string,
    readonly retryable: boolean,
    readonly status?: number,
  ) {
    super(message);
  }
}

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** pawaPay's customerMessage: 4 to 22 characters; only letters, digits and spaces are kept. */
export function cleanCustomerMessage(text: string): string {
  const cleaned = text
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9 ]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 22)
    .trimEnd();
  return cleaned.length >= 4 ? cleaned : "Waterside";
}

/** "25" for 25, "4762.50" for 4762.5: pawaPay takes the amount as a string with at most 2 decimals. */
export function formatDepositAmount(amount: number | string, operation: "deposit" | "payout" = "deposit"): string {
  const text = typeof amount === "number" ? String(amount) : amount.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(text) || !(Number(text) > 0)) {
    throw new PawapayError(
      `pawaPay amount must be more than 0 with at most 2 decimals (got ${JSON.stringify(amount)})`,
      operation,
      "INVALID_REQUEST",
      false,
    );
  }
  const value = Number(text);
  return Number.isInteger(value) ? String(value) : value.toFixed(2);
}

export type PawapayClient = ReturnType<typeof createPawapayClient>;

export function createPawapayClient(config: PawapayConfig, options: PawapayClientOptions = {}) {
  const fetch = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const baseUrl = config.baseUrl.replace(/\/+$/, "");

  async function call(operation: PawapayOperation, path: string, init: RequestInit) {
    let response: Response;
    try {
      response = await fetch(`${baseUrl}${path}`, {
        ...init,
        headers: {
          ...(init.headers as Record<string, string>),
          Authorization: `Bearer ${config.apiToken}`,
          Accept: "application/json",
        },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw transportError(operation, error);
    }
    const text = await response.text().catch((error: unknown) => {
      throw transportError(operation, error);
    });
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    if (response.status !== 200) throw answerError(operation, response.status, body, text);
    if (typeof body !== "object" || body === null) {
      throw new PawapayError(
        `pawaPay ${operation}: the answer is not a JSON object`,
        operation,
        "INVALID_RESPONSE",
        true,
      );
    }
    return body as Record<string, unknown>;
  }

  /**
   * Initiates a deposit or a payout under our id. Resolves once pawaPay holds it: ACCEPTED, or DUPLICATE_IGNORED (it has
   * this id already: our own earlier call, whose answer was lost). REJECTED throws, not retryable.
   */
  async function initiate(
    operation: "deposit" | "payout",
    input: { id: string; amount: number | string; currency: string; phone: string; customerMessage: string },
  ): Promise<{ duplicate: boolean }> {
    const idKey = `${operation}Id`;
    if (!UUID_V4.test(input.id)) {
      throw new PawapayError(
        `pawaPay ${operation}: the ${idKey} must be a UUID v4 (got ${JSON.stringify(input.id)})`,
        operation,
        "INVALID_REQUEST",
        false,
      );
    }
    const phone = input.phone.replace(/^\+/, "");
    if (!/^\d{8,15}$/.test(phone)) {
      throw new PawapayError(
        `pawaPay ${operation}: the phone must be an MSISDN with its country code (got ${JSON.stringify(input.phone)})`,
        operation,
        "INVALID_REQUEST",
        false,
      );
    }
    const body = await call(operation, `/v2/${operation}s`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        [idKey]: input.id,
        amount: formatDepositAmount(input.amount, operation),
        currency: input.currency,
        [operation === "deposit" ? "payer" : "recipient"]: {
          type: "MMO",
          accountDetails: { phoneNumber: phone, provider: config.provider },
        },
        customerMessage: cleanCustomerMessage(input.customerMessage),
      }),
    });
    if (body.status === "ACCEPTED") return { duplicate: false };
    if (body.status === "DUPLICATE_IGNORED") return { duplicate: true };
    const failure = failureOf(body);
    if (body.status === "REJECTED") {
      throw new PawapayError(
        `pawaPay rejected the ${operation}: ${failure.code ?? "no failureCode"}${failure.message ? ` (${failure.message})` : ""}`,
        operation,
        failure.code ?? "REJECTED",
        false,
        200,
      );
    }
    throw new PawapayError(
      `pawaPay ${operation}: unknown status ${JSON.stringify(body.status)}`,
      operation,
      "INVALID_RESPONSE",
      true,
      200,
    );
  }

  /** Where a deposit or payout stands at pawaPay; NOT_FOUND: pawaPay never accepted it, so no money moved. */
  async function check(operation: "deposit" | "payout", id: string): Promise<DepositStatus> {
    if (!UUID_V4.test(id)) {
      throw new PawapayError(
        `pawaPay status: the ${operation}Id must be a UUID v4 (got ${JSON.stringify(id)})`,
        "status",
        "INVALID_REQUEST",
        false,
      );
    }
    const body = await call("status", `/v2/${operation}s/${id}`, { method: "GET" });
    if (body.status === "NOT_FOUND") return { status: "NOT_FOUND" };
    const data = body.status === "FOUND" && typeof body.data === "object" && body.data !== null ? body.data : null;
    if (!data) {
      throw new PawapayError(
        "pawaPay status: neither FOUND with data nor NOT_FOUND",
        "status",
        "INVALID_RESPONSE",
        true,
      );
    }
    const found = data as Record<string, unknown>;
    const failure = failureOf(found);
    return {
      status: typeof found.status === "string" ? found.status.toUpperCase() : "",
      amount: String(found.amount ?? ""),
      currency: String(found.currency ?? ""),
      ...(found.providerTransactionId != null && found.providerTransactionId !== ""
        ? { providerTransactionId: String(found.providerTransactionId) }
        : {}),
      ...(failure.code ? { failureCode: failure.code } : {}),
    };
  }

  return {
    /** Asks pawaPay to prompt the payer; DUPLICATE_IGNORED resolves too, REJECTED throws (not retryable). */
    initiateDeposit: (input: DepositInput) => initiate("deposit", { ...input, id: input.depositId }),

    /** Where the deposit stands at pawaPay; NOT_FOUND: pawaPay never accepted it, so nobody was charged. */
    checkDeposit: (depositId: string) => check("deposit", depositId),

    /** Sends money to the recipient (decision 100); DUPLICATE_IGNORED resolves too: never two payouts of one id. */
    initiatePayout: (input: PayoutInput) => initiate("payout", { ...input, id: input.payoutId }),

    /** Where the payout stands at pawaPay; NOT_FOUND: pawaPay never accepted it, so nothing was sent. */
    checkPayout: (payoutId: string): Promise<PayoutStatus> => check("payout", payoutId),
  };
}

function failureOf(body: Record<string, unknown>): { code?: string; message?: string } {
  const reason = body.failureReason;
  if (typeof reason !== "object" || reason === null) return {};
  const { failureCode, failureMessage } = reason as Record<string, unknown>;
  return {
    ...(typeof failureCode === "string" && failureCode ? { code: failureCode } : {}),
    ...(typeof failureMessage === "string" ? { message: failureMessage } : {}),
  };
}

/** A non-200 answer: 4xx are technical refusals (final), 408, 429 and 5xx may pass later. */
function answerError(operation: PawapayOperation, status: number, body: unknown, text: string): PawapayError {
  const failure = typeof body === "object" && body !== null ? failureOf(body as Record<string, unknown>) : {};
  const message = failure.message ?? (text.slice(0, 200) || undefined);
  return new PawapayError(
    `pawaPay ${operation} answered ${status}${failure.code ? ` ${failure.code}` : ""}${message ? `: ${message}` : ""}`,
    operation,
    failure.code ?? `HTTP_${status}`,
    status === 408 || status === 429 || status >= 500,
    status,
  );
}

function transportError(operation: PawapayOperation, error: unknown): PawapayError {
  if (error instanceof PawapayError) return error;
  const timeout = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
  const detail =
    error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
  return new PawapayError(
    timeout ? `pawaPay ${operation}: no answer in time` : `pawaPay ${operation}: ${detail}`,
    operation,
    timeout ? "TIMEOUT" : "NETWORK_ERROR",
    true,
  );
}
