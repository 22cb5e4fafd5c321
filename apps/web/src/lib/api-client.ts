import type { TApiError } from "@waterside/shared/api-envelope";

/** Sends one API call (path relative to /api). Server loaders get an in-process one; the browser uses fetch. */
export type ApiTransport = (path: string, init?: RequestInit) => Promise<Response>;

export const browserTransport: ApiTransport = (path, init) => fetch(`/api${path}`, init);

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
