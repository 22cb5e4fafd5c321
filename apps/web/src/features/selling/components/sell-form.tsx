import type { TCategory, TCounty } from "@waterside/shared/catalog";
import { PAYMENT_MESSAGES } from "@waterside/shared/payments-messages";
import type { ReactNode } from "react";
import { primaryButtonClass, secondaryButtonClass } from "~/components/ui/form-field";
import { LoadingOverlay } from "~/components/ui/loading-overlay";
import { STEPS, type SellWizard } from "../hooks/use-sell-wizard";
import { BoostStep } from "./boost-step";
import { PostDetailStep } from "./post-detail-step";
import { ProductDetailsStep } from "./product-details-step";
import { WizardSteps } from "./wizard-steps";

/**
 * Spec selling §2: the wizard's three steps and its buttons. Step 3's packages and the purchase modals (`children`)
 * are the payments feature's, handed in by the page (app/routes/sell.tsx).
 */
export function SellForm({
  wizard,
  categories,
  counties,
  packagePicker,
  children,
}: {
  wizard: SellWizard;
  categories: TCategory[];
  counties: TCounty[];
  packagePicker: ReactNode;
  children: ReactNode;
}) {
  const { step, editing, progress, purchasing } = wizard;
  const busy = progress !== null || wizard.purchaseFlow.busy;
  return (
    <div className="mx-auto max-w-3xl space-y-5 px-4 py-6 sm:py-8">
      <h1 className="text-2xl font-semibold">{editing ? "Edit your ad" : "Post an ad"}</h1>
      <WizardSteps step={step} />
      {editing && step < 2 && (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-amber-50 p-4 ring-1 ring-amber-200">
          <p className="text-sm text-amber-900">Get more buyers: put your ad on top of the list.</p>
          <button type="button" className={secondaryButtonClass} onClick={wizard.boost}>
            Boost Your Ad
          </button>
        </div>
      )}

      <form
        noValidate
        onSubmit={(event) => event.preventDefault()}
        aria-label={STEPS[step]}
        className="space-y-5 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6"
      >
        {step === 0 && <PostDetailStep wizard={wizard} categories={categories} counties={counties} />}
        {step === 1 && <ProductDetailsStep wizard={wizard} />}
        {step === 2 && <BoostStep packagePicker={packagePicker} />}

        {progress !== null && !purchasing && (
          <div className="space-y-1" aria-live="polite">
            <p className="text-sm font-medium">{editing ? "Updating Ad..." : "Creating Ad..."}</p>
            <progress value={progress} max={1} className="h-2 w-full accent-emerald-700" aria-label="Upload progress" />
          </div>
        )}

        <div className="flex flex-wrap gap-2 border-t border-slate-100 pt-4">
          {step > 0 && (
            <button type="button" className={secondaryButtonClass} onClick={wizard.back}>
              Back
            </button>
          )}
          <button type="button" className={secondaryButtonClass} onClick={wizard.saveAsDraft} disabled={busy}>
            Save draft
          </button>
          {step < 2 ? (
            <button type="button" className={`${primaryButtonClass} ml-auto`} onClick={wizard.next}>
              Next
            </button>
          ) : (
            <>
              <button
                type="button"
                className={`${secondaryButtonClass} ml-auto`}
                onClick={wizard.submit}
                disabled={busy}
              >
                {editing ? "Skip and update" : "Skip and post"}
              </button>
              <button type="button" className={primaryButtonClass} onClick={wizard.purchase} disabled={busy}>
                Purchase
              </button>
            </>
          )}
        </div>
      </form>
      {/* Spec selling §2: the loading overlay of the purchase flow, then its modals. */}
      {purchasing && progress !== null && (
        <LoadingOverlay
          text={editing ? PAYMENT_MESSAGES.updatingAd : PAYMENT_MESSAGES.creatingAd}
          progress={progress}
        />
      )}
      {children}
    </div>
  );
}
