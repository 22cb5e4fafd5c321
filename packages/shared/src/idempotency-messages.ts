/**
 * The optional `Idempotency-Key` request header of the writes a client may queue while offline (issue 31, decision
 * 104): posting an ad, saving and unsaving one. Without zod, for the web's public pages.
 */
export const IDEMPOTENCY_HEADER = "Idempotency-Key";

/** At most this many visible ASCII characters; a UUID is what the web sends. */
export const IDEMPOTENCY_KEY_MAX = 255;

export const IDEMPOTENCY_MESSAGES = {
  invalid: `The Idempotency-Key header must be 1 to ${IDEMPOTENCY_KEY_MAX} visible ASCII characters.`,
  otherRequest: "This Idempotency-Key was already used for another request.",
  inProgress: "A request with this Idempotency-Key is still being handled. Please try again in a moment.",
} as const;
