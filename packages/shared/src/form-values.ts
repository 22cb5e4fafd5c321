import { z } from "zod";

/** How multipart and form clients send values, read once for every schema of the contract. */

/** Multipart sends every value as text: "true", "1". */
export const formBoolean = z.preprocess(
  (value) => value === true || value === "true" || value === "1" || value === 1,
  z.boolean(),
);

export const blankAsUndefined = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

export const optionalText = (max: number) => z.preprocess(blankAsUndefined, z.string().trim().max(max).optional());

/** A latitude or longitude; blank, null and 0 (the map picker's "not set") mean none. */
export const optionalCoordinate = z.preprocess(
  (value) => (value === "" || value === null || value === "0" || value === 0 ? undefined : value),
  z.coerce.number().min(-180).max(180).optional(),
);
