import { z } from "zod";
import { IDEMPOTENCY_KEY_MAX, IDEMPOTENCY_MESSAGES } from "./idempotency-messages.ts";

/**
 * The headers of a write that honours an idempotency key (decision 104). Loose: the route's other headers
 * (Authorization, Content-Type) pass through untouched. The key is optional: the mobile app does not send it.
 */
export const ZIdempotencyHeaders = z.looseObject({
  "idempotency-key": z
    .string()
    .regex(new RegExp(`^[\\x21-\\x7e]{1,${IDEMPOTENCY_KEY_MAX}}$`), IDEMPOTENCY_MESSAGES.invalid)
    .optional()
    .describe("Sent again with a retried request, the first request's answer comes back and nothing is done twice"),
});
