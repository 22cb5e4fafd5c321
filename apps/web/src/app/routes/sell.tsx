import { BRAND } from "@waterside/shared/brand";
import { useLocation, useNavigate } from "react-router";
import type { Route } from "./+types/sell";
import { loadDraft } from "~/lib/ad-drafts";
import { browserTransport } from "~/lib/api-client";
import { getCategories } from "~/lib/api/get-categories";
import { useCounties } from "~/lib/locations";
import { authedTransport, useSession } from "~/lib/session";
import { requireSession } from "~/lib/require-session";
import { getAd } from "~/features/ads/api/get-ad";
import { PackagePicker } from "~/features/payments/components/package-picker";
import { PurchaseModals } from "~/features/payments/components/purchase-modals";
import { usePurchaseFlow } from "~/features/payments/hooks/use-purchase-flow";
import { SellForm } from "~/features/selling/components/sell-form";
import { useSellWizard, type EditedAd } from "~/features/selling/hooks/use-sell-wizard";

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
  const [categories, ad] = await Promise.all([
    getCategories(browserTransport),
    adId ? (getAd(authedTransport, adId, { load: "lastest_subscription" }) as Promise<EditedAd>) : undefined,
  ]);
  return { categories, ad, draft, draftId: draft ? draftId : null };
}

export function HydrateFallback() {
  return <div className="mx-auto min-h-[60vh] max-w-3xl animate-pulse px-4 py-8" aria-busy="true" />;
}

export default function Sell({ loaderData }: Route.ComponentProps) {
  // Spec selling §2: Sell clicked while already here reloads the page. Every navigation to it has a new key, so
  // the wizard starts again from what the loader read (an empty form, the ad, or the draft).
  const location = useLocation();
  return <SellPage key={location.key} {...loaderData} />;
}

/** The selling feature's wizard, whose step 3 buys a boost with the payments feature's packages and purchase flow. */
function SellPage({ categories, ad, draft, draftId }: Route.ComponentProps["loaderData"]) {
  const counties = useCounties();
  const navigate = useNavigate();
  const session = useSession();
  // Spec selling §4: closing or cancelling any purchase modal, and the end of the payment, go to /profile. Leaving
  // the wizard's route unmounts it: the form starts empty next time.
  const purchase = usePurchaseFlow({
    type: "ad",
    onAbandon: () => navigate("/profile"),
    onFinished: () => navigate("/profile"),
  });
  const wizard = useSellWizard({ ad, draft, draftId, purchase });
  return (
    <SellForm
      wizard={wizard}
      categories={categories}
      counties={counties}
      packagePicker={
        <PackagePicker
          type="ad"
          legend="Choose a package"
          selectedId={wizard.selectedPackage?.id ?? null}
          onSelect={wizard.selectPackage}
          currentPackageName={wizard.currentPackageName}
          error={wizard.packageError}
        />
      }
    >
      <PurchaseModals flow={purchase} profilePhone={session.user?.phone_number ?? null} />
    </SellForm>
  );
}
