import { isUniqueViolation } from "../../db/unique-violation.ts";
import { fieldError } from "../../plugins/errors.ts";

/** Runs a write whose name a unique index guards: the index decides a race the check before it lost (422). */
export async function uniqueName<T>(write: () => Promise<T>, index: string, field: string, message: string) {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, index)) throw fieldError(field, message);
    throw error;
  }
}
