import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiError } from "./api-client";
import { notify } from "./notify";

/**
 * Spec §5/§8: server field errors go under the matching fields; anything else is a toast with the
 * server's message, or the fallback.
 */
export function showServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
  fallback: string,
) {
  if (error instanceof ApiError) {
    const placed = Object.entries(error.errors ?? {}).filter(([field]) => fields.includes(field));
    for (const [field, messages] of placed) setError(field as Path<T>, { message: messages[0] });
    if (placed.length === 0) notify("error", error.message || fallback);
    return;
  }
  notify("error", fallback);
}

/** A multipart body from plain values and files; empty values are dropped (spec §5 payload cleaning). */
export function formData(values: Record<string, string | number | boolean | Blob | null | undefined>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null || value === "") continue;
    form.append(key, value instanceof Blob ? value : String(value));
  }
  return form;
}
