import type { TPackage } from "@waterside/shared/payments";
import { PREMIUM_PACKAGE_NAME, type TPackageType } from "@waterside/shared/payments-messages";
import { clsx } from "clsx";
import { useId } from "react";
import { RetryAlert } from "~/components/ui/retry-alert";
import { browserTransport, withSignal } from "~/lib/api-client";
import { getPackages } from "../api/get-packages";
import { formatMoney } from "~/lib/format";
import { useLoad } from "~/lib/use-load";

/**
 * The packages to choose from (second document §2 step 3, Business Plan tab): name, price in USD per month and
 * description, as radio buttons; the one running now is marked. `error` shows under them (§5 "Boost step").
 */
export function PackagePicker({
  type,
  legend,
  selectedId,
  onSelect,
  currentPackageName,
  error,
}: {
  type: TPackageType;
  legend: string;
  selectedId: number | null;
  onSelect: (pack: TPackage) => void;
  /** The package of the running boost or plan, if any. */
  currentPackageName?: string | null;
  error?: string | null;
}) {
  const id = useId();
  const loaded = useLoad((signal) => getPackages(withSignal(browserTransport, signal), type), type);
  const packages = loaded.data;

  if (loaded.loading) {
    return (
      <div aria-busy="true" className="grid animate-pulse gap-3 sm:grid-cols-[repeat(auto-fit,minmax(12rem,1fr))]">
        <span className="sr-only">Loading...</span>
        {[0, 1, 2].map((row) => (
          <div key={row} className="h-32 rounded-xl bg-slate-100" />
        ))}
      </div>
    );
  }
  if (!packages) {
    return <RetryAlert message="The packages could not be loaded. Check your connection." onRetry={loaded.reload} />;
  }
  if (packages.length === 0) {
    return <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center">No packages available</p>;
  }

  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-2 font-medium text-slate-800">{legend}</legend>
      <div className="grid gap-3 sm:grid-cols-[repeat(auto-fit,minmax(12rem,1fr))]">
        {packages.map((pack) => {
          const selected = pack.id === selectedId;
          const current = pack.name === currentPackageName;
          return (
            <label
              key={pack.id}
              className={clsx(
                "relative flex cursor-pointer flex-col gap-1 rounded-xl border p-4 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-emerald-600",
                selected ? "border-emerald-700 bg-emerald-50 ring-1 ring-emerald-700" : "border-slate-300 bg-white",
              )}
            >
              <span className="flex items-start justify-between gap-2">
                <span className="font-semibold">{pack.name}</span>
                <input
                  type="radio"
                  name={`${id}-package`}
                  value={pack.id}
                  checked={selected}
                  onChange={() => onSelect(pack)}
                  className="mt-1 size-4 shrink-0 accent-emerald-700"
                />
              </span>
              <span>
                <span className="text-xl font-bold text-emerald-800">{formatMoney(pack.price)}</span>
                <span className="text-sm text-slate-600"> / month</span>
              </span>
              <span className="text-sm text-slate-700">{pack.description}</span>
              {(current || pack.name === PREMIUM_PACKAGE_NAME) && (
                <span
                  className={clsx(
                    "mt-1 self-start rounded-full px-2 py-0.5 text-xs font-semibold",
                    current ? "bg-emerald-700 text-white" : "bg-amber-100 text-amber-900",
                  )}
                >
                  {current ? "Your current package" : "Top package"}
                </span>
              )}
            </label>
          );
        })}
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
