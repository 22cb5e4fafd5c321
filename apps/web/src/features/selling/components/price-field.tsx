import { CURRENCIES, CURRENCY_SYMBOLS } from "@waterside/shared/money";
import { PRICE_GUIDE_MESSAGES } from "@waterside/shared/price-guide";
import { useFormState, useWatch } from "react-hook-form";
import { TextField } from "~/components/ui/text-field";
import { usePriceGuide } from "../hooks/use-price-guide";
import type { SellWizard } from "../hooks/use-sell-wizard";

/**
 * Step 1's price, in US$ or L$ (issue 30), with the price guide under it (issue 28): "Typical price: US$ x – US$ y",
 * and a warning, which never blocks, when the price is under a third of what similar ads ask.
 */
export function PriceField({ wizard }: { wizard: SellWizard }) {
  const { form } = wizard;
  const { typical, farBelow } = usePriceGuide(wizard);
  const currency = useWatch({ control: form.control, name: "currency" });
  return (
    <div>
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <TextField
            form={form}
            name="price"
            label={`Price (${currency})`}
            required
            inputMode="decimal"
            placeholder="e.g. 250"
            hint={typical ? `${PRICE_GUIDE_MESSAGES.typical}: ${typical}` : undefined}
          />
        </div>
        <CurrencyChoice wizard={wizard} />
      </div>
      {/* Always in the page, so a screen reader hears the warning when it appears. */}
      <p role="status" className="mt-1 text-sm text-amber-800 empty:hidden">
        {farBelow ? PRICE_GUIDE_MESSAGES.farBelow : ""}
      </p>
    </div>
  );
}

/** US$ or L$ as two segments of one radio group: arrow keys move between them, as in any radio group. */
function CurrencyChoice({ wizard }: { wizard: SellWizard }) {
  const { form } = wizard;
  const { errors } = useFormState({ control: form.control, name: "currency" });
  const error = errors.currency?.message;
  return (
    <fieldset className="shrink-0" aria-describedby={error ? "currency-error" : undefined}>
      <legend className="text-sm font-medium text-slate-800">Currency</legend>
      <div className="mt-1 flex rounded-lg border border-slate-300 bg-white p-0.5">
        {CURRENCIES.map((code) => (
          <label key={code} className="cursor-pointer">
            <input type="radio" value={code} {...form.register("currency")} className="peer sr-only" />
            <span className="block rounded-md px-3 py-2 text-base font-medium text-slate-700 peer-checked:bg-emerald-700 peer-checked:text-white peer-focus-visible:ring-2 peer-focus-visible:ring-emerald-600 peer-focus-visible:ring-offset-1">
              {CURRENCY_SYMBOLS[code]}
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p id="currency-error" role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
