import type { TPackage, TSubscription } from "@waterside/shared/payments";
import { PAYMENT_MESSAGES } from "@waterside/shared/payments-messages";
import { USER_TYPE } from "@waterside/shared/reference-ids";
import type { TUser } from "@waterside/shared/users";
import { useState } from "react";
import { primaryButtonClass } from "~/components/ui/form-field";
import { RetryAlert } from "~/components/ui/retry-alert";
import { withSignal } from "~/lib/api-client";
import { formatDate } from "~/lib/format";
import { authedTransport } from "~/lib/session";
import { useLoad } from "~/lib/use-load";
import { getSubscriptions } from "../api/get-subscriptions";
import { usePurchaseFlow } from "../hooks/use-purchase-flow";
import { remainingTime } from "../remaining-time";
import { PackagePicker } from "./package-picker";
import { PurchaseModals } from "./purchase-modals";
import { StatusBadge } from "./subscription-status";

/**
 * Second document §2 own profile Business Plan tab, §6: a business user buys a plan for the company (Top Brands and
 * every ad lifted) with the wizard's purchase flow, without an ad (status checked with type 'user'). An individual is
 * invited to Switch To Company first.
 */
export default function BusinessPlanTab({
  user,
  onSwitchToCompany,
}: {
  user: Pick<TUser, "usertype_id" | "phone_number">;
  onSwitchToCompany: () => void;
}) {
  if (user.usertype_id !== USER_TYPE.company) {
    return (
      <div className="space-y-3 rounded-xl border border-dashed border-slate-300 p-6 text-center sm:p-8">
        <p className="font-semibold">Business plans are for company accounts</p>
        <p className="text-slate-600">
          Switch to a company account to feature your business in Top Brands and lift all your ads.
        </p>
        <button type="button" className={primaryButtonClass} onClick={onSwitchToCompany}>
          Switch To Company
        </button>
      </div>
    );
  }
  return <BusinessPlans profilePhone={user.phone_number} />;
}

/** The newest plans: the running one, and one whose payment is still waiting for the wallet's answer. */
async function loadPlans(signal: AbortSignal): Promise<{ plan: TSubscription | null; waiting: TSubscription | null }> {
  const page = await getSubscriptions(withSignal(authedTransport, signal), { type: "user" });
  return {
    plan: page.data.find((subscription) => subscription.status === "active") ?? null,
    waiting: page.data.find((subscription) => subscription.status === "pending") ?? null,
  };
}

function BusinessPlans({ profilePhone }: { profilePhone: string | null }) {
  const current = useLoad(loadPlans, "plans");
  const { reload } = current;
  const [selected, setSelected] = useState<TPackage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const flow = usePurchaseFlow({
    type: "user",
    // The user stays on this tab: closing a modal only ends the purchase; its end shows the plan as it now is.
    onAbandon: () => setSelected(null),
    onFinished: () => {
      setSelected(null);
      reload();
    },
  });

  const plan = current.data?.plan ?? null;
  const waiting = current.data?.waiting ?? null;

  function purchase() {
    if (!selected) return setError(PAYMENT_MESSAGES.selectPackage);
    if (plan && plan.package.id === selected.id) return setError(PAYMENT_MESSAGES.alreadySubscribed);
    flow.start({ packageId: selected.id, packageName: selected.name, price: selected.price });
  }

  return (
    <div className="space-y-6">
      <section aria-labelledby="business-plan-current" className="space-y-2">
        <h2 id="business-plan-current" className="text-lg font-semibold">
          Your business plan
        </h2>
        {current.loading && <div aria-busy="true" className="h-16 animate-pulse rounded-xl bg-slate-100" />}
        {current.error && (
          <RetryAlert message="Your plan could not be loaded. Check your connection." onRetry={reload} />
        )}
        {current.data &&
          (plan ? (
            <div className="flex flex-wrap items-center gap-2 rounded-xl border border-emerald-200 bg-emerald-50 p-4">
              <span className="font-semibold">{plan.package.name}</span>
              <StatusBadge status={plan.status} />
              <span className="text-sm text-slate-700">
                {remainingTime(plan.end_date)} · until {formatDate(plan.end_date)}
              </span>
            </div>
          ) : (
            <p className="rounded-xl border border-dashed border-slate-300 p-4 text-slate-600">
              No business plan running. Choose one below: your company shows in Top Brands and all your ads rank higher.
            </p>
          ))}
        {waiting && (
          <div className="space-y-1 rounded-xl bg-amber-50 p-4 text-amber-900 ring-1 ring-amber-200">
            <p className="flex flex-wrap items-center gap-2">
              <span className="font-semibold">{waiting.package.name}</span>
              <StatusBadge status="pending" />
            </p>
            <p className="text-sm">{PAYMENT_MESSAGES.pendingNotice}</p>
          </div>
        )}
      </section>

      <section aria-labelledby="business-plan-choose" className="space-y-4">
        <h2 id="business-plan-choose" className="sr-only">
          Buy a plan
        </h2>
        <PackagePicker
          type="user"
          legend={plan ? "Change your plan" : "Choose a plan"}
          selectedId={selected?.id ?? null}
          onSelect={(pack) => {
            setSelected(pack);
            setError(null);
          }}
          currentPackageName={plan?.package.name ?? null}
          error={error}
        />
        <p className="text-sm text-slate-600">
          Paid with Orange Money or MTN MoMo, per month. No refund on cancellation; activation can take up to 24 hours.
        </p>
        <button type="button" className={primaryButtonClass} onClick={purchase} disabled={flow.busy}>
          Purchase
        </button>
      </section>
      <PurchaseModals flow={flow} profilePhone={profilePhone} />
    </div>
  );
}
