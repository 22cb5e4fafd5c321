import type { TLatestSubscription } from "@waterside/shared/ads";
import { PAYMENT_MESSAGES, PREMIUM_PACKAGE_NAME } from "@waterside/shared/payments-messages";
import { useId, useState, type ReactNode } from "react";
import { Link } from "react-router";
import { useConfirm } from "~/components/ui/confirm-dialog";
import { withSignal } from "~/lib/api-client";
import { notify } from "~/lib/notify";
import { BOOST_STEP_STATE } from "~/lib/sell-navigation";
import { authedTransport } from "~/lib/session";
import { useLoad } from "~/lib/use-load";
import { cancelSubscription } from "../api/cancel-subscription";
import { getLatestSubscription } from "../api/get-latest-subscription";
import { remainingTime } from "../remaining-time";
import { StatusBadge } from "./subscription-status";

const CANCEL_CONFIRM = "Cancel this boost? It stops now and there is no refund.";

const linkClass =
  "inline-flex items-center justify-center rounded-lg px-3 py-1.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-emerald-600";

/**
 * First document §4 "Ad boost display", for the ad's seller: an active boost shows its package, the time left,
 * Upgrade (not for 'Premium Package') and Cancel; a pending one says it will be re-processed shortly; any other state
 * shows in yellow. Without a boost, or after one ended, 'Boost this ad' opens the wizard's boost step. Read in the
 * browser, as the page is the same for everyone on the server.
 */
export default function BoostPanel({ adId }: { adId: number }) {
  const headingId = useId();
  const loaded = useLoad((signal) => getLatestSubscription(withSignal(authedTransport, signal), adId), adId);
  const subscription = loaded.data;
  const [canceling, setCanceling] = useState(false);
  const { confirm, dialog } = useConfirm();

  async function cancel(subscription: TLatestSubscription) {
    const agreed = await confirm({
      title: "Cancel boost",
      text: CANCEL_CONFIRM,
      confirm: "Cancel boost",
      dismiss: "Keep it",
      danger: true,
    });
    if (!agreed) return;
    setCanceling(true);
    try {
      await cancelSubscription(authedTransport, { id: subscription.id, type: "ad" });
      notify("success", PAYMENT_MESSAGES.canceled);
      // Second document §4: cancelling clears the latest subscription locally.
      loaded.update(() => null);
    } catch {
      notify("error", PAYMENT_MESSAGES.cancelFailed);
    } finally {
      setCanceling(false);
    }
  }

  const boostLink = (label: string) => (
    <Link
      to={`/sell/${adId}`}
      state={BOOST_STEP_STATE}
      className={`${linkClass} bg-amber-500 text-slate-950 hover:bg-amber-400`}
    >
      {label}
    </Link>
  );

  return (
    <section
      aria-labelledby={headingId}
      aria-busy={loaded.loading}
      className="space-y-2 rounded-lg border border-slate-200 bg-slate-50 p-3"
    >
      <h2 id={headingId} className="text-sm font-semibold text-slate-800">
        Boost
      </h2>
      {loaded.loading && <div className="h-9 animate-pulse rounded bg-slate-200" />}
      {loaded.error && (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-red-800">
          <p className="flex-1">Your boost could not be loaded.</p>
          <button
            type="button"
            className={`${linkClass} border border-slate-300 bg-white text-slate-800 hover:bg-slate-100`}
            onClick={loaded.reload}
          >
            Retry
          </button>
        </div>
      )}
      {subscription === null && (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-slate-600">Not boosted. Boosted ads show first in Popular.</p>
          {boostLink("Boost this ad")}
        </div>
      )}
      {subscription && (
        <Subscription subscription={subscription} canceling={canceling} onCancel={cancel} upgradeLink={boostLink} />
      )}
      {dialog}
    </section>
  );
}

function Subscription({
  subscription,
  canceling,
  onCancel,
  upgradeLink,
}: {
  subscription: TLatestSubscription;
  canceling: boolean;
  onCancel: (subscription: TLatestSubscription) => void;
  upgradeLink: (label: string) => ReactNode;
}) {
  const active = subscription.status === "active";
  return (
    <div className="space-y-2">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-medium">{subscription.package.name}</span>
        <StatusBadge status={subscription.status} />
        {active && <span className="text-slate-700">{remainingTime(subscription.end_date)}</span>}
      </p>
      {subscription.status === "pending" && (
        <p className="rounded-md bg-amber-50 px-2 py-1.5 text-sm text-amber-900 ring-1 ring-amber-200">
          {PAYMENT_MESSAGES.pendingNotice}
        </p>
      )}
      {active ? (
        <div className="flex flex-wrap gap-2">
          {subscription.package.name !== PREMIUM_PACKAGE_NAME && upgradeLink("Upgrade")}
          <button
            type="button"
            disabled={canceling}
            onClick={() => onCancel(subscription)}
            className={`${linkClass} border border-red-300 bg-white text-red-700 hover:bg-red-50 disabled:opacity-60`}
          >
            {canceling ? "Canceling…" : "Cancel boost"}
          </button>
        </div>
      ) : (
        subscription.status !== "pending" && upgradeLink("Boost this ad")
      )}
    </div>
  );
}
