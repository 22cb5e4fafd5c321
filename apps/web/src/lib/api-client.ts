import type { TApiError } from "@waterside/shared/api-envelope";

/**
 * Sends one API call (path relative to /api). Server loaders get an in-process one (`context.api`), the browser
 * uses `browserTransport`, and signed-in calls `authedTransport` (lib/session.ts). Every call function in a
 * feature's `api/` folder, or in `lib/api/`, takes one as its first argument.
 */
export type ApiTransport = (path: string, init?: RequestInit) => Promise<Response>;

export const browserTransport: ApiTransport = (path, init) => fetch(`/api${path}`, init);

/** The same transport, aborting its requests with `signal`: a read no longer wanted stops (lib/use-load.ts). */
export const withSignal = (transport: ApiTransport, signal: AbortSignal | undefined): ApiTransport =>
  signal ? (path, init) => transport(path, { ...init, signal }) : transport;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: TApiError["errors"] = {},
  ) {
    super(message);
  }
}

/** Calls the API and returns the reply's `data`, or throws an ApiError carrying the server's message. */
export async function apiData<T>(transport: ApiTransport, path: string, init?: RequestInit): Promise<T> {
  const response = await transport(path, { ...init, headers: { accept: "application/json", ...init?.headers } });
  const body = (await response.json().catch(() => ({}))) as { data?: T } & Partial<TApiError>;
  if (!response.ok) throw new ApiError(response.status, body.message ?? "Request failed", body.errors);
  return body.data as T;
}

/** A JSON request: the one place the web writes the JSON content type. */
export const jsonBody = (body: unknown, method = "POST"): RequestInit => ({
  method,
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});

/** True for the API's "no such thing" answers: 404, or 422 for an id that is not one. */
export const isMissing = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 422);
