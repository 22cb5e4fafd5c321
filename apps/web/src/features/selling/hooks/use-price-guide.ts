import { PRICE_GUIDE_ATTRIBUTES, isFarBelowGuide } from "@waterside/shared/price-guide";
import { useWatch } from "react-hook-form";
import { browserTransport, withSignal } from "~/lib/api-client";
import { useExchangeRate } from "~/lib/exchange-rate";
import { formatAmount } from "~/lib/format";
import { useLoad } from "~/lib/use-load";
import { getPriceGuide } from "../api/get-price-guide";
import type { SellWizard } from "./use-sell-wizard";

/**
 * The price guide beside the wizard's price (issue 28, decision 077): the typical range of live ads like this one,
 * and whether the typed price is far below it. A hint only: while it loads, when it fails or when too few ads say
 * what is typical, there is nothing to show and nothing is blocked. The guide counts in US$; an L$ price is compared,
 * and the range written, at the rate in force (issue 30), and not compared at all while no rate is known.
 */
export function usePriceGuide(wizard: SellWizard) {
  const { form, attributeRules } = wizard;
  const subcategoryId = useWatch({ control: form.control, name: "subcategory_id" });
  const values = useWatch({ control: form.control, name: "attributes" });
  const typed = useWatch({ control: form.control, name: "price" });
  const currency = useWatch({ control: form.control, name: "currency" });
  const usdLrd = useExchangeRate()?.usd_lrd ?? null;

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
  const typedAmount = typed?.trim() ? Number(typed.trim()) : NaN;
  if (currency === "LRD" && usdLrd) {
    return {
      typical: `${formatAmount(data.p25 * usdLrd, "LRD")} – ${formatAmount(data.p75 * usdLrd, "LRD")}`,
      farBelow: isFarBelowGuide(typedAmount / usdLrd, data),
    };
  }
  return {
    typical: `${formatAmount(data.p25)} – ${formatAmount(data.p75)}`,
    farBelow: currency !== "LRD" && isFarBelowGuide(typedAmount, data),
  };
}
