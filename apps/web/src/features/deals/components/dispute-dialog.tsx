import { zodResolver } from "@hookform/resolvers/zod";
import { ZDisputeDeal } from "@waterside/shared/deals";
import type { TDeal } from "@waterside/shared/deals";
import {
  DEAL_DISPUTE_DETAILS_MAX,
  DEAL_DISPUTE_REASON_TEXT,
  DEAL_DISPUTE_REASONS,
} from "@waterside/shared/deals-messages";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { primaryButtonClass, secondaryButtonClass } from "~/components/ui/form-field";
import { Modal } from "~/components/ui/modal";
import { SelectField, TextAreaField } from "~/components/ui/text-field";
import { showServerErrors } from "~/lib/form-errors";
import { authedTransport } from "~/lib/session";
import { notify } from "~/lib/notify";
import { disputeDeal } from "../api/dispute-deal";

const REASON_CHOICES = DEAL_DISPUTE_REASONS.map((reason) => ({ id: reason, name: DEAL_DISPUTE_REASON_TEXT[reason] }));

/**
 * "Open a dispute" (issue 33): either party says what went wrong; the money stays held until the team decides. The
 * form is POST /deals/{id}/dispute's own schema; the API's field messages show under the fields.
 */
export function DisputeButton({ deal, onDisputed }: { deal: TDeal; onDisputed: (deal: TDeal) => void }) {
  const [open, setOpen] = useState(false);
  const form = useForm<z.input<typeof ZDisputeDeal>, unknown, z.output<typeof ZDisputeDeal>>({
    resolver: zodResolver(ZDisputeDeal),
    defaultValues: { details: "" },
  });
  const submit = form.handleSubmit(async (dispute) => {
    try {
      const disputed = await disputeDeal(authedTransport, deal.id, dispute);
      setOpen(false);
      notify("success", "Dispute opened. The money stays held until our team decides.");
      onDisputed(disputed);
    } catch (error) {
      showServerErrors(
        error,
        form.setError,
        ["reason", "details"],
        "The dispute could not be opened. Please try again.",
      );
    }
  });
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        className="rounded-lg px-3 py-2 text-sm font-semibold text-red-700 hover:bg-red-50"
      >
        Open a dispute
      </button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        label="Open a dispute"
        className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl bg-white shadow-xl"
      >
        <form onSubmit={submit} noValidate className="space-y-4 p-5 sm:p-6">
          <h2 className="text-lg font-semibold">Open a dispute</h2>
          <p className="text-sm text-slate-700">
            The money stays held while our team reads the deal and your chat, then decides to release or refund it.
          </p>
          <SelectField
            form={form}
            name="reason"
            label="What went wrong?"
            required
            placeholder="Choose"
            choices={REASON_CHOICES}
          />
          <TextAreaField
            form={form}
            name="details"
            label="Details"
            rows={4}
            maxLength={DEAL_DISPUTE_DETAILS_MAX}
            hint="What happened, and what you agreed with the other party."
          />
          <div className="flex flex-wrap justify-end gap-2">
            <button type="button" className={secondaryButtonClass} onClick={() => setOpen(false)}>
              Cancel
            </button>
            <button type="submit" className={primaryButtonClass} disabled={form.formState.isSubmitting}>
              Open the dispute
            </button>
          </div>
        </form>
      </Modal>
    </>
  );
}
