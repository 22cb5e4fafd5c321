import { z } from "zod";

/** Ids are PostgreSQL `integer`s: a larger number names nothing, and must never reach a query as one. */
export const ID_MAX = 2_147_483_647;

/**
 * A whole number as a client may send it: a JSON number, or a string of digits (paths, query strings and forms carry
 * only text). Anything else reaches the number check unchanged and is refused there: `z.coerce.number` read JSON
 * `true` as 1, `[5]` as 5 and `" 5"` as 5, so `{"id": true}` named row 1 (issue 24).
 */
const fromDigits = (value: unknown) => (typeof value === "string" && /^\d+$/.test(value) ? Number(value) : value);

/** The field's message once: the first failed check stops the others, and a `.refine` added after them. */
const once = (message: string) => ({ message, abort: true });

/**
 * An id sent by a client (path, query, form or JSON), with the message a field shows when it is not one. `max` is
 * lower for ids of `smallint` lookup tables and higher for 64-bit ids (chat messages). The OpenAPI document shows
 * the number it becomes (an integer from 1 to `max`); give a default with `.prefault(…)`, as zod leaves the
 * `.default(…)` of a preprocessed schema out of it.
 */
export const zId = (message = "Must be a number.", max = ID_MAX) => {
  const check = once(message);
  return z.preprocess(fromDigits, z.number({ message }).int(check).positive(check).max(max, check));
};

/** A page number: any whole number from 1 that keeps offsets within what a query can take. */
export const zPage = (message = "The page must be 1 or more.") => {
  const check = once(message);
  return z.preprocess(fromDigits, z.number({ message }).int(check).min(1, check).max(ID_MAX, check));
};
