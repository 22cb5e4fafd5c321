import { zodResolver } from "@hookform/resolvers/zod";
import { ZReleaseDeal } from "@waterside/shared/deals";
import type { TDeal } from "@waterside/shared/deals";
import { DEAL_CODE_LENGTH } from "@waterside/shared/deals-messages";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { primaryButtonClass } from "~/components/ui/form-field";
import { TextField } from "~/components/ui/text-field";
import { ApiError } from "~/lib/api-client";
import { showServerErrors } from "~/lib/form-errors";

/**
 * The entry of a handover code: the seller types the buyer's release code (or a cash deal's buyer the seller's). The
 * API judges it: a wrong code's message shows under the field, and after too many the pause (429) is said above it
 * and the field waits; the next page load asks again.
 */
export function CodeEntry({
  label,
  action,
  send,
  onDone,
}: {
  label: string;
  /** The button's words: "Release the money". */
  action: string;
  send: (code: string) => Promise<TDeal>;
  onDone: (deal: TDeal) => void;
}) {
  const [paused, setPaused] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(ZReleaseDeal), defaultValues: { code: "" } });
  const submit = form.handleSubmit(async ({ code }) => {
    try {
      onDone(await send(code));
    } catch (error) {
      if (error instanceof ApiError && error.status === 429) setPaused(error.message);
      else showServerErrors(error, form.setError, ["code"], "The code could not be checked. Please try again.");
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label={label} className="space-y-3">
      {paused && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {paused}
        </p>
      )}
      <div className="max-w-56">
        <TextField
          form={form}
          name="code"
          label={label}
          required
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={DEAL_CODE_LENGTH}
          disabled={paused !== null}
          className="font-mono text-2xl tracking-[0.3em]"
        />
      </div>
      <button type="submit" className={primaryButtonClass} disabled={form.formState.isSubmitting || paused !== null}>
        {form.formState.isSubmitting ? "Checking…" : action}
      </button>
    </form>
  );
}
