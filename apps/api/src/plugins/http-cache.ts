import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants as zlib, gzip } from "node:zlib";
import { negotiate } from "@fastify/accept-negotiator";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { BROTLI_REPLY_PARAMS, COMPRESS_FROM_BYTES, REPLY_CODINGS, type ReplyCoding } from "../lib/reply-compression.ts";

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

/**
 * A JSON reply written once and kept (decision 055): its bytes, their ETag, and its compressed forms, made the first
 * time a reader asks for one and kept with it (a reply that is one reader's starts with none).
 */
export interface StoredReply {
  body: Buffer;
  etag: string;
  compressed: Partial<Record<ReplyCoding, Promise<Buffer>>>;
}

declare module "fastify" {
  interface FastifyRequest {
    /** A JSON body as it was sent, before parsing: bytes answered before can be answered again unparsed. */
    rawBody: string | undefined;
  }
  interface FastifyReply {
    /**
     * Sends a stored reply: an empty 304 when If-None-Match holds its ETag, else its bytes, compressed as the reader
     * asks. `Cache-Control: private, no-cache`: it may differ per reader and must be revalidated. Its route declares
     * `compress: false`, as the compressed bytes are kept with the reply.
     */
    sendStored(stored: StoredReply): Promise<FastifyReply>;
  }
}

const compressors: Record<ReplyCoding, (body: Buffer) => Promise<Buffer>> = {
  // As every reply: a stored one could afford more, but it is compressed on a reader's time.
  br: (body) =>
    promisify(brotliCompress)(body, {
      params: { ...BROTLI_REPLY_PARAMS, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
  gzip: (body) => promisify(gzip)(body),
};

/** The reply's body in `coding`, compressed once for every reader of the reply. */
const compressedBody = (stored: StoredReply, coding: ReplyCoding) =>
  (stored.compressed[coding] ??= compressors[coding](stored.body));

/**
 * HTTP caching of replies kept as bytes (decision 055): JSON bodies are read as text, kept on `request.rawBody`
 * and then parsed exactly as Fastify's own parser does; `reply.sendStored` answers with ETags, 304s and compressed
 * bytes made once.
 */
export const httpCachePlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest("rawBody", undefined);
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    request.rawBody = body as string;
    parseJson(request, body as string, done);
  });

  app.decorateReply("sendStored", async function sendStored(this: FastifyReply, stored: StoredReply) {
    const { headers } = this.request;
    this.header("cache-control", "private, no-cache").header("etag", stored.etag).header("vary", "accept-encoding");
    if (headers["if-none-match"] === stored.etag) return this.code(304).send(null);
    this.type("application/json; charset=utf-8");
    const accepted = headers["accept-encoding"];
    const coding =
      accepted && stored.body.length >= COMPRESS_FROM_BYTES ? negotiate(accepted, [...REPLY_CODINGS]) : null;
    if (!coding) return this.send(stored.body);
    return this.header("content-encoding", coding).send(await compressedBody(stored, coding));
  });
});
