import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * Public, cacheable reads: a strong ETag over the body and Cache-Control max-age, so a phone
 * revalidates with If-None-Match and gets an empty 304 instead of the list again.
 */
export function sendCacheable<T>(request: FastifyRequest, reply: FastifyReply, body: T, maxAgeSeconds: number) {
  const etag = `"${createHash("sha1").update(JSON.stringify(body)).digest("base64url")}"`;
  reply.header("Cache-Control", `public, max-age=${maxAgeSeconds}`).header("ETag", etag);
  if (request.headers["if-none-match"] === etag) return reply.status(304).send();
  return body;
}
