import { PRICE_GUIDE_MESSAGES } from "@waterside/shared/price-guide";
import { TextField } from "~/components/ui/text-field";
import { usePriceGuide } from "../hooks/use-price-guide";
import type { SellWizard } from "../hooks/use-sell-wizard";

/**
 * Step 1's price with the price guide under it (issue 28): "Typical price: $x – $y", and a warning, which never
 * blocks, when the price is under a third of what similar ads ask.
 */
export function PriceField({ wizard }: { wizard: SellWizard }) {
  const { typical, farBelow } = usePriceGuide(wizard);
  return (
    <div>
      <TextField
        form={wizard.form}
        name="price"
        label="Price (USD)"
        required
        inputMode="decimal"
        placeholder="e.g. 250"
        hint={typical ? `${PRICE_GUIDE_MESSAGES.typical}: ${typical}` : undefined}
      />
      {/* Always in the page, so a screen reader hears the warning when it appears. */}
      <p role="status" className="mt-1 text-sm text-amber-800 empty:hidden">
        {farBelow ? PRICE_GUIDE_MESSAGES.farBelow : ""}
      </p>
    </div>
  );
}
