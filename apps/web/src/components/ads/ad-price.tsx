import type { TAdListItem } from "@waterside/shared/ads";
import { clsx } from "clsx";
import { useExchangeRate } from "~/lib/exchange-rate";
import { adPriceText } from "~/lib/format";

/**
 * An ad's price (issue 30): the seller's, "L$ 18,700 / month", then the other currency small, "· ≈ US$ 100". Each
 * part keeps to one line, so a narrow card wraps between them.
 */
export function AdPrice({
  ad,
  otherClassName = "text-sm font-medium text-slate-600",
}: {
  ad: Pick<TAdListItem, "price" | "currency" | "price_local"> & {
    subcategory: Pick<TAdListItem["subcategory"], "price_unit">;
  };
  /** How the other currency is written beside the seller's price. */
  otherClassName?: string;
}) {
  const rate = useExchangeRate();
  const { seller, other } = adPriceText(ad, ad.subcategory.price_unit, rate?.usd_lrd ?? null);
  return (
    <>
      <span className="whitespace-nowrap">{seller}</span>
      {other && (
        <>
          {" "}
          <span className={clsx("whitespace-nowrap", otherClassName)}>· {other}</span>
        </>
      )}
    </>
  );
}
