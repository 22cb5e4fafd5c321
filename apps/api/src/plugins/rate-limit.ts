import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { HttpError } from "./errors.ts";

/** "Try again in 3 minutes" from the milliseconds left in the window. */
function retryText(ttlMs: number) {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

/**
 * Limits are per route (`limit(app, …)` preHandlers); nothing is limited unless it opts in. Counters live in
 * Redis when `REDIS_URL` is set, so every process counts against one allowance, else in the process
 * (docs/decisions/016-rate-limits.md).
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance) => {
  await app.register(rateLimit, {
    global: false,
    ...(app.redis ? { redis: app.redis, nameSpace: "rate-limit:" } : {}),
    // A Redis outage must not lock everyone out of signing in: the request is let through and logged.
    skipOnError: true,
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, `Too many attempts. Please try again in ${retryText(context.ttl)}.`),
  });
});

export interface Limit {
  max: number;
  /** Window in milliseconds. */
  timeWindow: number;
  /** What is counted: an IP, an account, a user. Requests with the same key share the allowance. */
  key: (request: FastifyRequest) => string;
}

/**
 * A preHandler counting requests per key. Several can guard one route (per IP and per account), which the
 * plugin's own route option cannot. It runs after validation, so per-account keys can read the body.
 */
export function limit(app: FastifyInstance, { max, timeWindow, key }: Limit) {
  const check = app.createRateLimit({ max, timeWindow, keyGenerator: key });
  return async (request: FastifyRequest) => {
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      throw new HttpError(429, `Too many attempts. Please try again in ${retryText(result.ttl)}.`);
    }
  };
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

/** Key for per-IP limits. */
export const ipKey = (prefix: string) => (request: FastifyRequest) => `${prefix}:ip:${request.ip}`;

/** Key for per-account limits: the email a request names, case-folded, or the IP when it names none. */
export function emailKey(prefix: string) {
  return (request: FastifyRequest) => {
    const email = (request.body as { email?: unknown } | undefined)?.email;
    return typeof email === "string" && email.trim()
      ? `${prefix}:${email.trim().toLowerCase()}`
      : `${prefix}:ip:${request.ip}`;
  };
}

/** Key for per-user limits on signed-in routes. */
export function userKey(prefix: string) {
  return (request: FastifyRequest) =>
    request.principal?.kind === "user" ? `${prefix}:user:${request.principal.userId}` : `${prefix}:ip:${request.ip}`;
}

/**
 * A per-account limit that a device the account has signed in on before is not held to: whoever floods an
 * account with wrong passwords from many addresses cannot lock its owner out of their own phone
 * (docs/decisions/032-login-lockout.md). The owner's device id is not something the guesser knows.
 */
export function unlessKnownDevice(
  check: (request: FastifyRequest) => Promise<void>,
  isKnownDevice: (request: FastifyRequest) => Promise<boolean> | boolean,
) {
  return async (request: FastifyRequest) => {
    if (!(await isKnownDevice(request))) await check(request);
  };
}
