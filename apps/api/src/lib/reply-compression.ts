import { constants as zlib } from "node:zlib";

/**
 * How replies are compressed, by the compress plugin (app.ts) and by routes that keep compressed bytes of their
 * own (decision 055): every byte counts on mobile data.
 */
export const REPLY_CODINGS = ["br", "gzip"] as const;
export type ReplyCoding = (typeof REPLY_CODINGS)[number];
/** Smaller replies are sent as they are. */
export const COMPRESS_FROM_BYTES = 1024;
/** Quality 11 (Brotli's default) costs far more CPU than it saves bytes on per-request bodies. */
export const BROTLI_REPLY_PARAMS = { [zlib.BROTLI_PARAM_QUALITY]: 5 };
