import type { FastifyServerOptions } from "fastify";

/**
 * Fields that hold secrets wherever a log call puts them (one level deep: `{ body: { password } }`), and the
 * headers that carry sessions. The default request serializer logs no header, but an `err` or a request logged
 * whole would (decision 092).
 */
const REDACTED_PATHS = [
  "req.headers.authorization",
  "req.headers.cookie",
  "req.headers['x-metrics-token']",
  "res.headers['set-cookie']",
  "headers.authorization",
  "headers.cookie",
  "*.authorization",
  "*.cookie",
  "*.password",
  "*.new_password",
  "*.current_password",
  "*.token",
  "*.otp",
  // Request bodies hold codes and phone numbers; `*.code` would hide errors' codes (ECONNREFUSED, 23505) as well.
  "body",
  "*.body",
  "*.phone",
  "*.phone_number",
];

/**
 * A run of 7 or more digits, possibly with a leading + and single spaces, dots or hyphens between them: a phone
 * number in a path (an ad's slug made of its title may hold one). Ids in paths are shorter; a UUID's all-digit
 * group of 8 is masked too, which costs a little readability and nothing else.
 */
const PHONE_LIKE = /(?:\+|%2B)?\d(?:(?:[ .-]|%20)?\d){6,}/gi;

/**
 * The URL as logged: the path with phone-like digit runs masked, and the query string's names without their values.
 * Query strings carry signed tokens (saved-search unsubscribe links), search words and an admin's search for a
 * user's phone; their names are enough to read a log.
 */
export function urlForLog(url: string): string {
  const queryAt = url.indexOf("?");
  const path = (queryAt === -1 ? url : url.slice(0, queryAt)).replace(PHONE_LIKE, "[number]");
  if (queryAt === -1) return path;
  const names = url
    .slice(queryAt + 1)
    .split("&")
    .filter(Boolean)
    .map((pair) => `${pair.split("=")[0]}=*`);
  return names.length ? `${path}?${names.join("&")}` : path;
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/**
 * The server's logger options with secrets kept out: pino's redact for the headers and fields above, and a request
 * serializer that logs Fastify's default fields with the URL passed through `urlForLog`. Bodies are never logged.
 */
export function safeLoggerOptions(logger: FastifyServerOptions["logger"]): FastifyServerOptions["logger"] {
  if (!logger) return false;
  const given = typeof logger === "object" ? logger : {};
  return {
    ...given,
    redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
    serializers: {
      ...given.serializers,
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: urlForLog(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
}
