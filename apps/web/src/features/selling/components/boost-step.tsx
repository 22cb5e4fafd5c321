import type { ReactNode } from "react";

/**
 * Spec selling §2 step 3 (optional): the ad packages, price in USD per month (the payments feature's picker);
 * Purchase saves the ad and pays for the chosen one with Orange Money or MTN MoMo (the number says which, issue 30),
 * Skip saves it without a boost.
 */
export function BoostStep({ packagePicker }: { packagePicker: ReactNode }) {
  return (
    <div className="space-y-4">
      <div className="space-y-1">
        <h2 className="text-lg font-semibold">Boost your ad</h2>
        <p className="text-slate-600">
          A boosted ad shows above the others in Popular and Trending for a month. Pay with Orange Money or MTN MoMo, or
          skip this step: posting is free.
        </p>
      </div>
      {packagePicker}
    </div>
  );
}
