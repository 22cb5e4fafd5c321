import { z } from "zod";

/** Ids are PostgreSQL `integer`s: a larger number names nothing, and must never reach a query as one. */
export const ID_MAX = 2_147_483_647;

/** An id sent by a client (path, query, form or JSON), with the message a field shows when it is not one. */
export const zId = (message = "Must be a number.") =>
  z.coerce.number({ message }).int(message).positive(message).max(ID_MAX, message);

/** A page number: any whole number from 1 that keeps offsets within what a query can take. */
export const zPage = (message = "The page must be 1 or more.") =>
  z.coerce.number({ message }).int(message).min(1, message).max(ID_MAX, message);
