import { PRICE_GUIDE_ATTRIBUTES, isFarBelowGuide } from "@waterside/shared/price-guide";
import { useWatch } from "react-hook-form";
import { browserTransport, withSignal } from "~/lib/api-client";
import { formatPrice } from "~/lib/format";
import { useLoad } from "~/lib/use-load";
import { getPriceGuide } from "../api/get-price-guide";
import type { SellWizard } from "./use-sell-wizard";

/**
 * The price guide beside the wizard's price (issue 28, decision 077): the typical range of live ads like this one,
 * and whether the typed price is far below it. A hint only: while it loads, when it fails or when too few ads say
 * what is typical, there is nothing to show and nothing is blocked.
 */
export function usePriceGuide(wizard: SellWizard) {
  const { form, attributeRules } = wizard;
  const subcategoryId = useWatch({ control: form.control, name: "subcategory_id" });
  const values = useWatch({ control: form.control, name: "attributes" });
  const typed = useWatch({ control: form.control, name: "price" });

  // Brand, Model and Year once chosen (step 2), by the attribute ids the subcategory's rules name.
  const narrowing = (attributeRules ?? []).flatMap(({ attribute }) => {
    const value = values?.[attribute.name]?.trim();
    return value && (PRICE_GUIDE_ATTRIBUTES as readonly string[]).includes(attribute.name)
      ? [{ id: attribute.id, value }]
      : [];
  });
  const guide = useLoad(
    subcategoryId ? (signal) => getPriceGuide(withSignal(browserTransport, signal), subcategoryId, narrowing) : null,
    [subcategoryId, narrowing],
  );

  const data = guide.error ? undefined : guide.data;
  if (!subcategoryId || !data || data.p25 === null || data.p75 === null) return { typical: null, farBelow: false };
  const price = typed?.trim() ? Number(typed.trim()) : NaN;
  return {
    typical: `${formatPrice(data.p25)} – ${formatPrice(data.p75)}`,
    farBelow: isFarBelowGuide(price, data),
  };
}
