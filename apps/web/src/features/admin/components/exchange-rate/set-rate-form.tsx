import { zodResolver } from "@hookform/resolvers/zod";
import { EXCHANGE_RATE_MESSAGES, ZSetExchangeRate, type TAdminExchangeRate } from "@waterside/shared/exchange-rates";
import { useForm, type Resolver } from "react-hook-form";
import { primaryButtonClass } from "~/components/ui/form-field";
import { TextField } from "~/components/ui/text-field";
import { showServerErrors } from "~/lib/form-errors";
import { notify } from "~/lib/notify";
import { adminTransport } from "../../admin-session";
import { setExchangeRate, type RateFormValues } from "../../api/set-exchange-rate";
import { ADMIN_FAILURES } from "../failures";

const FIELDS = ["usd_lrd", "note"] as const;

const EMPTY: RateFormValues = { usd_lrd: "", note: "" };

/**
 * A new US$→L$ rate (issue 30, decision 086): Liberian dollars for one US dollar, from the Central Bank of Liberia's
 * daily figure, and where it comes from. Checked with the API's own schema; the API's 422s show under their fields.
 */
export function SetRateForm({ onSaved }: { onSaved: (rate: TAdminExchangeRate) => void }) {
  const form = useForm<RateFormValues>({
    // Checked with the contract, then sent as typed ("192.50"): the API reads the text with the same schema.
    resolver: zodResolver(ZSetExchangeRate, undefined, { raw: true }) as unknown as Resolver<RateFormValues>,
    defaultValues: EMPTY,
  });
  const { isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (input) => {
    try {
      const saved = await setExchangeRate(adminTransport, input);
      notify("success", EXCHANGE_RATE_MESSAGES.saved);
      form.reset(EMPTY);
      onSaved(saved);
    } catch (error) {
      showServerErrors(error, form.setError, FIELDS, ADMIN_FAILURES.create(error));
    }
  });

  return (
    <section aria-labelledby="set-rate-heading" className="rounded-2xl bg-white p-4 shadow-sm sm:p-5">
      <h2 id="set-rate-heading" className="text-lg font-semibold">
        Set a new rate
      </h2>
      <form onSubmit={submit} noValidate className="mt-3 space-y-4">
        <TextField
          form={form}
          name="usd_lrd"
          label="Liberian dollars (L$) for one US$"
          required
          inputMode="decimal"
          autoComplete="off"
          hint="Up to 4 decimals, e.g. 192.50"
        />
        <TextField
          form={form}
          name="note"
          label="Source"
          autoComplete="off"
          maxLength={200}
          hint="Where the figure comes from, e.g. “CBL 27 Nov”"
        />
        <button type="submit" disabled={isSubmitting} className={primaryButtonClass}>
          {isSubmitting ? "Saving..." : "Save rate"}
        </button>
      </form>
    </section>
  );
}
