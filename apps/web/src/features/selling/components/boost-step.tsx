import { PackagePicker } from "~/components/purchase/package-picker";
import type { SellWizard } from "../hooks/use-sell-wizard";

/**
 * Spec selling §2 step 3 (optional): the ad packages, price in USD per month; Purchase saves the ad and pays for the
 * chosen one with MTN Mobile Money, Skip saves it without a boost.
 */
export function BoostStep({ wizard }: { wizard: SellWizard }) {
  return (
    <div className="space-y-4">
      <div className="space-y-1">
        <h2 className="text-lg font-semibold">Boost your ad</h2>
        <p className="text-slate-600">
          A boosted ad shows above the others in Popular and Trending for a month. Pay with MTN Mobile Money, or skip
          this step: posting is free.
        </p>
      </div>
      <PackagePicker
        type="ad"
        legend="Choose a package"
        selectedId={wizard.selectedPackage?.id ?? null}
        onSelect={wizard.selectPackage}
        currentPackageName={wizard.currentPackageName}
        error={wizard.packageError}
      />
    </div>
  );
}
