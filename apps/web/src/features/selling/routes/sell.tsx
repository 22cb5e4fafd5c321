import { BRAND } from "@waterside/shared/brand";
import { PAYMENT_MESSAGES } from "@waterside/shared/payments-messages";
import { useLocation } from "react-router";
import type { Route } from "./+types/sell";
import { PurchaseModals } from "~/components/purchase/purchase-modals";
import { primaryButtonClass, secondaryButtonClass } from "~/components/ui/form-field";
import { LoadingOverlay } from "~/components/ui/loading-overlay";
import { loadDraft } from "~/lib/ad-drafts";
import { browserTransport } from "~/lib/api-client";
import { getAd } from "~/lib/api/get-ad";
import { getCategories } from "~/lib/api/get-categories";
import { getLocations } from "~/lib/api/get-locations";
import { authedTransport, useSession } from "~/lib/session";
import { requireSession } from "~/lib/require-session";
import { BoostStep } from "../components/boost-step";
import { PostDetailStep } from "../components/post-detail-step";
import { ProductDetailsStep } from "../components/product-details-step";
import { WizardSteps } from "../components/wizard-steps";
import { STEPS, useSellWizard, type EditedAd } from "../hooks/use-sell-wizard";

export const meta: Route.MetaFunction = () => [{ title: `Sell | ${BRAND}` }, { name: "robots", content: "noindex" }];

/**
 * Spec selling §2: edit mode when an ad id is in the route, or a draft id without the 'draft-' prefix;
 * `?draft=` loads a locally saved draft.
 */
export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  requireSession(request);
  const draftId = new URL(request.url).searchParams.get("draft");
  const draft = draftId ? await loadDraft(draftId) : undefined;
  const adId = params.adId ?? (draftId && !draftId.startsWith("draft-") ? draftId : undefined);
  const [categories, counties, ad] = await Promise.all([
    getCategories(browserTransport),
    getLocations(browserTransport),
    adId ? (getAd(authedTransport, adId, { load: "lastest_subscription" }) as Promise<EditedAd>) : undefined,
  ]);
  return { categories, counties, ad, draft, draftId: draft ? draftId : null };
}

export function HydrateFallback() {
  return <div className="mx-auto min-h-[60vh] max-w-3xl animate-pulse px-4 py-8" aria-busy="true" />;
}

export default function Sell({ loaderData }: Route.ComponentProps) {
  // Spec selling §2: Sell clicked while already here reloads the page. Every navigation to it has a new key, so
  // the wizard starts again from what the loader read (an empty form, the ad, or the draft).
  const location = useLocation();
  return <SellWizardPage key={location.key} {...loaderData} />;
}

function SellWizardPage({ categories, counties, ad, draft, draftId }: Route.ComponentProps["loaderData"]) {
  const wizard = useSellWizard({ ad, draft, draftId });
  const session = useSession();
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
        {step === 2 && <BoostStep wizard={wizard} />}

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
      <PurchaseModals flow={wizard.purchaseFlow} profilePhone={session.user?.phone_number ?? null} />
    </div>
  );
}
